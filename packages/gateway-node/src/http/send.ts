import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { getCodec, type Protocol } from '@bench/formats';
import type { HttpError } from '../errors/to-http-error';

/** A JSON reply with its headers, all set in one writeHead (headers set before it would make Node merge them one by one). */
export function sendJSON(res: ServerResponse, status: number, body: unknown, ...headerSets: Array<Record<string, string> | undefined>): void {
  const text = JSON.stringify(body);
  const head: OutgoingHttpHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) };
  for (const headers of headerSets) {
    if (headers) for (const name in headers) head[name] = headers[name];
  }
  res.writeHead(status, head);
  res.end(text);
}

/** An error in the protocol's own shape and status. */
export function sendError(res: ServerResponse, protocol: Protocol, error: HttpError, headers?: Record<string, string>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = getCodec(protocol).formatError(error.error);
  sendJSON(res, status, body, headers, error.headers);
}
