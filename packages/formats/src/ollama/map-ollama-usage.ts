import type { Usage } from '../neutral/usage';

/** prompt_eval_count / eval_count → neutral usage; undefined when neither came. */
export function mapOllamaUsage(promptEvalCount: number | null | undefined, evalCount: number | null | undefined): Usage | undefined {
  if (promptEvalCount == null && evalCount == null) return undefined;
  const usage: Usage = {};
  if (promptEvalCount != null) usage.inputTokens = promptEvalCount;
  if (evalCount != null) usage.outputTokens = evalCount;
  return usage;
}

/** Neutral usage → Ollama's counts (Ollama reports no reasoning or cached split). */
export function toOllamaCounts(usage: Usage | undefined): { prompt_eval_count?: number; eval_count?: number } {
  const counts: { prompt_eval_count?: number; eval_count?: number } = {};
  if (usage?.inputTokens !== undefined) counts.prompt_eval_count = usage.inputTokens;
  if (usage?.outputTokens !== undefined) counts.eval_count = usage.outputTokens;
  return counts;
}
