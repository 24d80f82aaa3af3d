import type { z } from 'zod';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { fieldPath } from './field-path';
import { issueMessage } from './issue-message';

/** Validates a client's body against a protocol schema, or throws naming every field at fault. */
export function parseWithSchema<T extends z.ZodType>(schema: T, body: unknown, prefix: ReadonlyArray<PropertyKey> = []): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new InvalidRequestError(
    result.error.issues.slice(0, 5).map((issue) => ({
      path: fieldPath([...prefix, ...issue.path]),
      message: issueMessage(issue),
    })),
    { cause: result.error },
  );
}
