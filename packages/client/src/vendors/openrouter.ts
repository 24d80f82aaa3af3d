import { leaveOutOpenRouterDetails } from './rules/openrouter-reasoning-details';
import type { VendorRules } from './vendor-rules';

/** OpenRouter: reasoning (and its signatures) in `reasoning_details`, which other servers do not know. */
export const openrouter: VendorRules<'openrouter'> = {
  name: 'openrouter',
  hosts: /(^|\.)openrouter\.ai$/,
  elsewhere: { after: [leaveOutOpenRouterDetails] },
};
