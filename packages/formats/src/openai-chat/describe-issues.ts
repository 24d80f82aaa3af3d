import type { z } from 'zod';
import { InvalidRequestError, type FieldIssue } from '../errors/invalid-request-error';
import { fieldPath } from '../shared/field-path';
import { issueMessage } from '../shared/issue-message';

type Issue = z.core.$ZodIssue;

/**
 * Validates like `parseWithSchema`, but explains union failures: the branch
 * that got furthest names the field (`messages[1].content[0].image_url.url`),
 * and when every branch failed at the same place, the message lists what
 * would have fitted (`expected string or array`) instead of "Invalid input".
 */
export function parseClientBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues: FieldIssue[] = [];
  for (const issue of result.error.issues) collect(issue, [], issues);
  throw new InvalidRequestError(issues.slice(0, 5), { cause: result.error });
}

function collect(issue: Issue, prefix: PropertyKey[], out: FieldIssue[]): void {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) {
    out.push({ path: fieldPath(path), message: issueMessage(issue) });
    return;
  }
  let best: Issue[] | undefined;
  let bestDepth = 0;
  for (const branch of issue.errors) {
    const depth = Math.max(0, ...branch.map((inner) => inner.path.length + (inner.code === 'invalid_union' ? 1 : 0)));
    if (depth > bestDepth) {
      best = branch;
      bestDepth = depth;
    }
  }
  if (best) {
    for (const inner of best) collect(inner, path, out);
    return;
  }
  out.push({ path: fieldPath(path), message: `expected ${expectedOf(issue.errors).join(' or ')}` });
}

function expectedOf(branches: Issue[][]): string[] {
  const out: string[] = [];
  for (const branch of branches) {
    for (const inner of branch) {
      if (inner.code === 'invalid_type') out.push(String(inner.expected));
      else if (inner.code === 'invalid_value') out.push(`one of ${inner.values.map((value) => JSON.stringify(value)).join(', ')}`);
      else out.push(inner.message);
    }
  }
  return [...new Set(out)];
}
