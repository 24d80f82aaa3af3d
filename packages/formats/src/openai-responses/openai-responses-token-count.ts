import { countAt, pickFields, type UpstreamTokenCount } from '../upstream-token-count';

/** What `/v1/responses/input_tokens` takes of a Responses body (no stream, store, budget or sampling). */
const COUNTED = ['model', 'input', 'instructions', 'tools', 'tool_choice', 'parallel_tool_calls', 'reasoning', 'text', 'truncation', 'conversation'] as const;

/** OpenAI's `POST /v1/responses/input_tokens` → `{ object: "response.input_tokens", input_tokens }`. */
export const responsesTokenCount: UpstreamTokenCount = {
  request: (generate) => ({ path: `${generate.path.split('?')[0]}/input_tokens`, body: pickFields(generate.body, COUNTED) }),
  read: (body) => countAt(body, 'input_tokens'),
  formatReply: (tokens) => ({ object: 'response.input_tokens', input_tokens: tokens }),
};
