import { leaveOutGoogleSignatures } from './rules/google-signatures';
import type { VendorRules } from './vendor-rules';

/** Google's APIs (Gemini's OpenAI-compatible endpoint, Vertex AI's): the only OpenAI-compatible servers that read its thought signatures. */
export const google: VendorRules<'google'> = {
  name: 'google',
  hosts: /(^|\.)googleapis\.com$/,
  elsewhere: { after: [leaveOutGoogleSignatures] },
};
