import { BenchError } from '@bench/contracts';
import { EngineError } from '@bench/engine';

/** A tool's refusal of its input, naming the field and the reason. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`);
  }
}

/** The message an agent reads for a thrown error: bench's own errors say what to do; the rest say they were not bench's. */
export function toolErrorMessage(error: unknown): string {
  if (error instanceof ToolInputError) return error.message;
  if (error instanceof EngineError && error.param && !error.message.startsWith(error.param)) return `${error.param}: ${error.message}`;
  if (BenchError.isInstance(error)) return error.message;
  return `bench failed: ${(error as Error)?.message ?? String(error)}`;
}
