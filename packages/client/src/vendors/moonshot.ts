import { fitMoonshotThinking } from './rules/moonshot-thinking';
import { fillReasoningContent } from './rules/reasoning-content-placeholder';
import type { VendorRules } from './vendor-rules';

/** Moonshot's API (Kimi): its thinking mode wants `reasoning_content` back, and it refuses `thinking` with `reasoning_effort`. */
export const moonshot: VendorRules<'moonshot'> = {
  name: 'moonshot',
  hosts: /(^|\.)moonshot\.(ai|cn)$/,
  request: { after: [fillReasoningContent, fitMoonshotThinking] },
};
