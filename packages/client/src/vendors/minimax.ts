import type { VendorRules } from './vendor-rules';

/** MiniMax's API: with `reasoning_split` it writes and reads OpenRouter's `reasoning_details`. */
export const minimax: VendorRules<'minimax'> = {
  name: 'minimax',
  hosts: /(^|\.)minimaxi?\.(io|com|chat)$/,
  alsoReads: ['openrouter'],
};
