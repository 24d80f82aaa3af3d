import { leaveOutForeignBillingBlock } from './rules/anthropic-billing-block';
import type { VendorRules } from './vendor-rules';

/** Anthropic's own API: not the other servers that speak Anthropic Messages, which get no Claude Code billing block. */
export const anthropic: VendorRules<'anthropic'> = {
  name: 'anthropic',
  hosts: /(^|\.)anthropic\.com$/,
  elsewhere: { before: [leaveOutForeignBillingBlock] },
};
