import { getCodec, type NeutralReply, type NeutralRequest } from '@bench/formats';
import type { StoredResponse } from './response-store';

/**
 * A stored response as a Responses `response` object, as its request was
 * answered (not streamed): the answer, the request fields a response echoes,
 * the response it continued. Undefined for one kept by an older bench, which
 * kept the answer only.
 */
export function storedResponseObject(id: string, stored: StoredResponse): Record<string, unknown> | undefined {
  const { reply } = stored;
  const last = stored.messages.at(-1);
  if (!reply || last?.role !== 'assistant') return undefined;
  const answered: NeutralReply = {
    id,
    model: reply.model,
    created: reply.created,
    content: last.content,
    finishReason: reply.finishReason,
    ...(reply.usage ? { usage: reply.usage } : {}),
  };
  const echo: NeutralRequest = { model: reply.model, messages: [], stream: false, extra: {}, ...reply.echo };
  const response = getCodec('openai-responses').formatReply(answered, { request: echo }).value as Record<string, unknown>;
  response.previous_response_id = stored.previous;
  return response;
}
