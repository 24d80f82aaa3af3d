import { countAt, pickFields, type UpstreamTokenCount } from '../upstream-token-count';

/** What `/v1/messages/count_tokens` takes of a Messages body (no max_tokens, stream or sampling). */
const COUNTED = ['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking'] as const;

/** Anthropic's `POST /v1/messages/count_tokens` → `{ input_tokens }`. */
export const anthropicTokenCount: UpstreamTokenCount = {
  request: (generate) => ({ path: `${generate.path.split('?')[0]}/count_tokens`, body: pickFields(generate.body, COUNTED) }),
  read: (body) => countAt(body, 'input_tokens'),
  formatReply: (tokens) => ({ input_tokens: tokens }),
};
