import { leaveOutRefusedReasoningContent } from './rules/reasoning-content-refused';
import type { VendorRules } from './vendor-rules';

/** Cerebras's API: an OpenAI-compatible server that refuses `reasoning_content` on a message. */
export const cerebras: VendorRules<'cerebras'> = {
  name: 'cerebras',
  hosts: /(^|\.)cerebras\.ai$/,
  request: { after: [leaveOutRefusedReasoningContent] },
};
