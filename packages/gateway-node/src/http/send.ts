import type { ServerResponse } from 'node:http';
import { getCodec, type Protocol } from '@bench/formats';
import type { GatewayError } from '../errors/gateway-error';

export function sendJSON(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** An error in the protocol's own shape and status. */
export function sendError(res: ServerResponse, protocol: Protocol, error: GatewayError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = getCodec(protocol).formatError(error.toNeutral());
  sendJSON(res, status, body, error.headers);
}
