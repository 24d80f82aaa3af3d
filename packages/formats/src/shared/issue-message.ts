import { quoteValue } from '@bench/contracts';
import type { z } from 'zod';

/** A zod issue's message, with the caller's unknown key names quoted by `quoteValue` (zod echoes them whole). */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((key) => quoteValue(key)).join(', ')}`;
}
