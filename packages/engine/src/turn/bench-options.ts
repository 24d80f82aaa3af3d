import { issueMessage } from '@bench/formats';
import { z } from 'zod';
import { EngineError } from '../errors/engine-error';

/** The body's own `bench` field: how the caller steers the gateway (never sent upstream). */
const benchOptionsSchema = z.strictObject({
  reply: z.string().optional(),
  with: z.array(z.string().min(1)).max(16).optional(),
});

export type BenchOptions = z.infer<typeof benchOptionsSchema>;

/** Takes the `bench` field out of the request's unmapped fields, validated. */
export function takeBenchOptions(extra: Record<string, unknown>): BenchOptions {
  if (!('bench' in extra)) return {};
  const raw = extra.bench;
  delete extra.bench;
  const parsed = benchOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ['bench', ...issue.path].join('.');
    throw new EngineError(
      400,
      'invalid-request',
      `${path}: ${issueMessage(issue)}; "bench" takes {"reply": "all" | "merged" | "route", "with": ["<model alias>", …]}`,
      { param: path },
    );
  }
  return parsed.data;
}
