/** The tokenizers bench has: OpenAI's, for OpenAI's model families. */
export type OpenAIEncoding = 'o200k_base' | 'cl100k_base';

/** The encoding of an OpenAI model id (a provider's prefix such as `openai/` ignored), or undefined for a model of another family. */
export function openAIEncodingOf(modelId: string): OpenAIEncoding | undefined {
  const id = modelId.slice(modelId.lastIndexOf('/') + 1).toLowerCase();
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|chatgpt-|codex-|o[134](-|$))/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding-)/.test(id)) return 'cl100k_base';
  return undefined;
}

type CountText = (text: string) => number;

/** Loads an encoding when first asked (its tables are megabytes: a gateway that never counts never loads them). */
export async function loadEncoding(encoding: OpenAIEncoding): Promise<CountText> {
  const loaded = encoding === 'o200k_base' ? await import('gpt-tokenizer/encoding/o200k_base') : await import('gpt-tokenizer/encoding/cl100k_base');
  return (text) => loaded.countTokens(text);
}
