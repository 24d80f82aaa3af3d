import type { Message } from '../neutral/content';
import type { Protocol } from '../neutral/protocol';
import type { NeutralRequest } from '../neutral/request';

/** Test helper: a request of these messages, as a client of `origin` sent it, with nothing else set. */
export function requestFrom(origin: Protocol, messages: Message[]): NeutralRequest {
  return { origin, model: 'm', system: [], messages, stream: false, extra: {} };
}
