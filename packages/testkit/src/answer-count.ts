import type { ServerResponse } from 'node:http';
import type { Codec } from '@bench/formats';
import type { Behaviour } from './behaviour';
import { writeErrorReply } from './write-error-reply';

/** Answers a token count call: the scripted error, or the scripted count (else a third of the body's characters). */
export function answerCount(res: ServerResponse, codec: Codec, behaviour: Behaviour, body: string): void {
  if (behaviour.error) return writeErrorReply(res, codec, behaviour.error);
  const tokens = behaviour.count ?? Math.ceil(body.length / 3);
  const reply = codec.wire.tokenCount?.formatReply(tokens) ?? { tokens };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
}
