import { markDeepSeekPrefix } from './rules/deepseek-prefix';
import { fillReasoningContent } from './rules/reasoning-content-placeholder';
import type { VendorRules } from './vendor-rules';

/** DeepSeek's own API: its thinking mode wants `reasoning_content` back on assistant messages; a prefill says `prefix: true`. */
export const deepseek: VendorRules<'deepseek'> = {
  name: 'deepseek',
  hosts: /(^|\.)deepseek\.com$/,
  request: { after: [fillReasoningContent, markDeepSeekPrefix] },
};
