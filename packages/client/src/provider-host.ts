import type { ModelTarget, Vendor } from './model-target';
import { UrlMemo } from './url-memo';

/** Whether a base URL's host matches, worked out once per URL string. */
function hostTest(pattern: RegExp): (baseURL: string) => boolean {
  const known = new UrlMemo<boolean>();
  const test = (baseURL: string): boolean => {
    try {
      return pattern.test(new URL(baseURL).hostname);
    } catch {
      return false;
    }
  };
  return (baseURL) => known.get(baseURL, test);
}

/** OpenAI's own API, and Azure OpenAI: their rules are not those of other OpenAI-compatible servers. */
const isOpenAIBase = hostTest(/(^|\.)openai\.com$|\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$/);

/** Anthropic's own API: not the other servers that speak Anthropic Messages. */
const isAnthropicBase = hostTest(/(^|\.)anthropic\.com$/);

/** Google's APIs (Gemini's OpenAI-compatible endpoint, Vertex AI's): the only OpenAI-compatible servers that read its thought signatures. */
const isGoogleBase = hostTest(/(^|\.)googleapis\.com$/);

/** DeepSeek's own API, whose thinking mode wants every assistant message's `reasoning_content` back. */
const isDeepSeekBase = hostTest(/(^|\.)deepseek\.com$/);

/** Moonshot's API (Kimi), whose thinking mode wants `reasoning_content` back on every tool-calling message. */
const isMoonshotBase = hostTest(/(^|\.)moonshot\.(ai|cn)$/);

/** OpenRouter, whose OpenAI Chat dialect carries reasoning in `reasoning_details`. */
const isOpenRouterBase = hostTest(/(^|\.)openrouter\.ai$/);

/** MiniMax's API, which carries reasoning in OpenRouter's `reasoning_details` too (with `reasoning_split`). */
const isMiniMaxBase = hostTest(/(^|\.)minimaxi?\.(io|com|chat)$/);

/** Groq's and Cerebras's APIs: OpenAI-compatible servers that refuse `reasoning_content` on a message. */
const isGroqBase = hostTest(/(^|\.)groq\.com$/);
const isCerebrasBase = hostTest(/(^|\.)cerebras\.ai$/);

const HOSTS: Record<Exclude<Vendor, 'other'>, (baseURL: string) => boolean> = {
  openai: isOpenAIBase,
  anthropic: isAnthropicBase,
  google: isGoogleBase,
  deepseek: isDeepSeekBase,
  moonshot: isMoonshotBase,
  openrouter: isOpenRouterBase,
  minimax: isMiniMaxBase,
  groq: isGroqBase,
  cerebras: isCerebrasBase,
};

/** Whether a target reaches that vendor's API: as its `vendor` says, else as its base URL's host shows. */
export function servedBy(target: Pick<ModelTarget, 'baseURL' | 'vendor'>, vendor: Exclude<Vendor, 'other'>): boolean {
  return target.vendor !== undefined ? target.vendor === vendor : HOSTS[vendor](target.baseURL);
}
