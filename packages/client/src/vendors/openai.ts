import { fitOpenAIReasoningControls } from './rules/openai-reasoning-controls';
import { useOpenAIPromptCacheKey } from './rules/openai-prompt-cache-key';
import { leaveOutRefusedReasoningContent } from './rules/reasoning-content-refused';
import { useOpenAITokenField } from './rules/openai-token-field';
import type { VendorRules } from './vendor-rules';

/** OpenAI's own API, and Azure OpenAI: their rules are not those of other OpenAI-compatible servers. */
export const openai: VendorRules<'openai'> = {
  name: 'openai',
  hosts: /(^|\.)openai\.com$|\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$/,
  request: { after: [leaveOutRefusedReasoningContent, useOpenAITokenField, fitOpenAIReasoningControls, useOpenAIPromptCacheKey] },
};
