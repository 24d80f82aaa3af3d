import { hash } from 'node:crypto';
import type { Message, NeutralRequest } from '@bench/formats';

export interface FingerprintInput {
  collection: string;
  keyName: string;
  system: NeutralRequest['system'];
  /** How many of `system`'s parts the conversation opened with (`NeutralRequest.systemBeforeReplies`); all when absent. */
  systemBeforeReplies?: number | undefined;
  /** The client's session id; when given it takes the first user message's place. */
  sessionId: string | undefined;
  firstUser: Message | undefined;
  normalizeSystem: ((text: string) => string) | undefined;
}

/**
 * The conversation id: sha-256 (base64url) of collection, key name, the
 * system text it opened with, and the session id or else the first user
 * message. Each field is length-prefixed so that no two different inputs
 * hash the same text.
 */
export function conversationId(input: FingerprintInput): string {
  // One string hashed at once: the same bytes as feeding each field in turn, with one call into the hash instead of a dozen.
  let text = field('c', input.collection) + field('k', input.keyName);
  let system = '';
  // System messages added mid-conversation are left out: the conversation is the one they joined.
  const opening = Math.min(input.systemBeforeReplies ?? input.system.length, input.system.length);
  for (let i = 0; i < opening; i += 1) {
    system += (i === 0 ? '' : '\n') + (input.system[i]?.text ?? '');
  }
  text += field('s', input.normalizeSystem ? input.normalizeSystem(system) : system);
  if (input.sessionId !== undefined) text += field('i', input.sessionId);
  else if (input.firstUser !== undefined) text += messageFields(input.firstUser);
  return hash('sha256', text, 'base64url');
}

function field(tag: string, value: string): string {
  return `${tag}${value.length}:${value}`;
}

function messageFields(message: Message): string {
  let text = '';
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        text += field('t', part.text);
        break;
      case 'image':
        text += field('u', part.source.kind === 'url' ? part.source.url : part.source.data);
        break;
      case 'file':
        text += field('d', part.source.kind === 'url' ? part.source.url : part.source.data);
        break;
      case 'tool-result':
        text += field('r', part.callId);
        for (const inner of part.content) text += field('t', inner.type === 'text' ? inner.text : `[${inner.type}]`);
        break;
      case 'tool-call':
        text += field('f', part.name + part.arguments);
        break;
      case 'reasoning':
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }
  return text;
}
