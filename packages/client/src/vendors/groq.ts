import { leaveOutRefusedReasoningContent } from './rules/reasoning-content-refused';
import type { VendorRules } from './vendor-rules';

/** Groq's API: an OpenAI-compatible server that refuses `reasoning_content` on a message. */
export const groq: VendorRules<'groq'> = {
  name: 'groq',
  hosts: /(^|\.)groq\.com$/,
  request: { after: [leaveOutRefusedReasoningContent] },
};
