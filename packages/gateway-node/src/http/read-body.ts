import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { safeParseJSON } from '@bench/formats';
import { GatewayError } from '../errors/gateway-error';

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch ((encoding ?? 'identity').toLowerCase()) {
    case 'identity':
      return undefined;
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new GatewayError(415, 'invalid-request', `content-encoding "${encoding}" is not supported; send the body as identity, gzip, deflate or br`);
  }
}

/** Reads a JSON body up to `limit` bytes (after decompression): 413 past it, 400 when it is not JSON. */
export async function readJSONBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const decoder = decoderFor(req.headers['content-encoding']);
  const source: AsyncIterable<Buffer> = decoder ? req.pipe(decoder) : req;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > limit) throw tooLarge(limit);
      chunks.push(chunk);
    }
  } catch (error) {
    if (GatewayError.isInstance(error)) throw error;
    throw new GatewayError(400, 'invalid-request', `the request body could not be read (${(error as Error).message}); send it again`);
  }
  if (size === 0) throw new GatewayError(400, 'invalid-request', 'the request body is empty; send a JSON object');
  const parsed = safeParseJSON(Buffer.concat(chunks).toString('utf8'));
  if (!parsed.success) {
    throw new GatewayError(400, 'invalid-request', `the request body is not valid JSON (${parsed.error.message}); send a JSON object`);
  }
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    throw new GatewayError(400, 'invalid-request', 'the request body must be a JSON object');
  }
  return parsed.value;
}

function tooLarge(limit: number): GatewayError {
  return new GatewayError(413, 'request-too-large', `the request body is larger than ${limit} bytes, the gateway's limit (server.bodyLimitBytes); send a smaller request`);
}
