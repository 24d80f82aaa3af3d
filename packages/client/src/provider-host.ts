import type { ModelTarget, Vendor } from './model-target';
import { UrlMemo } from './url-memo';

/** Each vendor's hosts; a base URL on none of them is `other`. */
const HOSTS: ReadonlyArray<[Exclude<Vendor, 'other'>, RegExp]> = [
  // OpenAI's own API, and Azure OpenAI: their rules are not those of other OpenAI-compatible servers.
  ['openai', /(^|\.)openai\.com$|\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$/],
  // Anthropic's own API: not the other servers that speak Anthropic Messages.
  ['anthropic', /(^|\.)anthropic\.com$/],
  // Google's APIs (Gemini's OpenAI-compatible endpoint, Vertex AI's): the only OpenAI-compatible servers that read its thought signatures.
  ['google', /(^|\.)googleapis\.com$/],
  // DeepSeek's own API and Moonshot's (Kimi): their thinking mode wants `reasoning_content` back on assistant messages.
  ['deepseek', /(^|\.)deepseek\.com$/],
  ['moonshot', /(^|\.)moonshot\.(ai|cn)$/],
  // OpenRouter, and MiniMax (with `reasoning_split`): reasoning in `reasoning_details`.
  ['openrouter', /(^|\.)openrouter\.ai$/],
  ['minimax', /(^|\.)minimaxi?\.(io|com|chat)$/],
  // Groq's and Cerebras's APIs: OpenAI-compatible servers that refuse `reasoning_content` on a message.
  ['groq', /(^|\.)groq\.com$/],
  ['cerebras', /(^|\.)cerebras\.ai$/],
];

/** The vendor a base URL's host shows, worked out once per URL string. */
const HOST_VENDORS = new UrlMemo<Vendor>();

function hostVendor(baseURL: string): Vendor {
  let hostname: string;
  try {
    hostname = new URL(baseURL).hostname;
  } catch {
    return 'other';
  }
  for (const [vendor, pattern] of HOSTS) if (pattern.test(hostname)) return vendor;
  return 'other';
}

/** Whose API a target reaches: as its `vendor` says, else as its base URL's host shows. */
export function vendorOf(target: Pick<ModelTarget, 'baseURL' | 'vendor'>): Vendor {
  return target.vendor ?? HOST_VENDORS.get(target.baseURL, hostVendor);
}
