import { createHash, type Hash } from 'node:crypto';
import type { Message, NeutralRequest } from '@bench/formats';

export interface FingerprintInput {
  collection: string;
  keyName: string;
  system: NeutralRequest['system'];
  /** The client's session id; when given it takes the first user message's place. */
  sessionId: string | undefined;
  firstUser: Message | undefined;
  normalizeSystem: ((text: string) => string) | undefined;
}

/**
 * The conversation id: sha-256 (base64url) of collection, key name, system
 * text, and the session id or else the first user message. Each field is
 * length-prefixed so that no two different inputs hash the same text.
 */
export function conversationId(input: FingerprintInput): string {
  const hash = createHash('sha256');
  field(hash, 'c', input.collection);
  field(hash, 'k', input.keyName);
  let system = '';
  for (let i = 0; i < input.system.length; i += 1) {
    system += (i === 0 ? '' : '\n') + (input.system[i]?.text ?? '');
  }
  field(hash, 's', input.normalizeSystem ? input.normalizeSystem(system) : system);
  if (input.sessionId !== undefined) field(hash, 'i', input.sessionId);
  else if (input.firstUser !== undefined) hashMessage(hash, input.firstUser);
  return hash.digest('base64url');
}

function field(hash: Hash, tag: string, value: string): void {
  hash.update(`${tag}${value.length}:`);
  hash.update(value);
}

function hashMessage(hash: Hash, message: Message): void {
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        field(hash, 't', part.text);
        break;
      case 'image':
        field(hash, 'u', part.source.kind === 'url' ? part.source.url : part.source.data);
        break;
      case 'tool-result':
        field(hash, 'r', part.callId);
        for (const inner of part.content) field(hash, 't', inner.type === 'text' ? inner.text : '[image]');
        break;
      case 'tool-call':
        field(hash, 'f', part.name + part.arguments);
        break;
      case 'reasoning':
        break;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  }
}
