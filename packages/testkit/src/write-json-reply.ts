import type { ServerResponse } from 'node:http';
import type { Codec, NeutralReply, NeutralRequest } from '@bench/formats';

/** Writes a whole (non-streamed) reply in the protocol's own shape, through the codec. */
export function writeJsonReply(res: ServerResponse, codec: Codec, reply: NeutralReply, request: NeutralRequest | undefined): void {
  const body = JSON.stringify(codec.formatReply(reply, request ? { request } : {}).value);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
