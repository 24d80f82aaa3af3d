import type { NeutralRequest } from '../neutral/request';

/**
 * The request-echo fields of a Responses `response` object (instructions,
 * tools, sampling settings), as the API returns them: from the request being
 * answered, or the API's defaults.
 */
export function responseEnvelope(request: NeutralRequest | undefined): Record<string, unknown> {
  const instructions = request?.system.map((part) => part.text).join('\n\n');
  return {
    instructions: instructions ? instructions : null,
    max_output_tokens: request?.maxOutputTokens ?? null,
    parallel_tool_calls: request?.parallelToolCalls ?? true,
    previous_response_id: null,
    reasoning: { effort: request?.reasoning?.effort ?? null, summary: null },
    temperature: request?.temperature ?? 1,
    text: { format: { type: 'text' } },
    tool_choice: toolChoiceOf(request),
    tools: (request?.tools ?? []).map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description ?? null,
      parameters: tool.inputSchema,
      strict: tool.strict ?? false,
    })),
    top_p: request?.topP ?? 1,
    truncation: 'disabled',
    metadata: {},
  };
}

function toolChoiceOf(request: NeutralRequest | undefined): unknown {
  const choice = request?.toolChoice;
  if (!choice) return 'auto';
  return choice.type === 'tool' ? { type: 'function', name: choice.name } : choice.type;
}

/** The part of a reply id an item id is built from (`resp_abc` → `abc`). */
export function idBase(id: string): string {
  return id.startsWith('resp_') ? id.slice(5) : id;
}
