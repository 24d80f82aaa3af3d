import type { ServerResponse } from 'node:http';
import type { Codec, ErrorKind, NeutralError } from '@bench/formats';
import type { ScriptedError } from './behaviour';

function kindOfStatus(status: number): ErrorKind {
  if (status === 429) return 'rate-limit';
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not-found';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'internal';
  return 'invalid-request';
}

/** Writes a scripted HTTP error: the raw body if given, else the protocol's own error body. */
export function writeErrorReply(res: ServerResponse, codec: Codec, scripted: ScriptedError): void {
  let body: string;
  if (scripted.body !== undefined) {
    body = typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body);
  } else {
    const error: NeutralError = scripted.error ?? {
      kind: kindOfStatus(scripted.status),
      status: scripted.status,
      message: `scripted error ${scripted.status}`,
    };
    body = JSON.stringify(codec.formatError({ ...error, status: scripted.status }).body);
  }
  res.writeHead(scripted.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...scripted.headers,
  });
  res.end(body);
}
