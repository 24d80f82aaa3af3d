import type { NeutralReply, StreamEvent } from '@bench/formats';

/** A whole reply as the events a stream of it would have carried. */
export function replyEvents(reply: NeutralReply): StreamEvent[] {
  const events: StreamEvent[] = [{ type: 'start', id: reply.id, model: reply.model, ...(reply.created ? { created: reply.created } : {}) }];
  for (const part of reply.content) {
    switch (part.type) {
      case 'text':
        events.push({ type: 'text-delta', text: part.text });
        break;
      case 'reasoning':
        events.push({
          type: 'reasoning-delta',
          text: part.text,
          ...(part.signature ? { signature: part.signature } : {}),
          ...(part.redacted ? { redacted: true } : {}),
        });
        break;
      case 'tool-call':
        events.push({
          type: 'tool-call-start',
          id: part.id,
          name: part.name,
          ...(part.namespace !== undefined ? { namespace: part.namespace } : {}),
          ...(part.freeform ? { freeform: true } : {}),
        });
        events.push({ type: 'tool-call-delta', id: part.id, argumentsDelta: part.arguments });
        events.push({ type: 'tool-call-end', id: part.id });
        break;
      case 'image':
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }
  events.push({
    type: 'finish',
    reason: reply.finishReason,
    ...(reply.rawFinishReason ? { rawReason: reply.rawFinishReason } : {}),
    ...(reply.stopSequence !== undefined ? { stopSequence: reply.stopSequence } : {}),
    ...(reply.usage ? { usage: reply.usage } : {}),
  });
  return events;
}
