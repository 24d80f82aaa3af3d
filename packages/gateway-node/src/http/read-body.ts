import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import { safeParseJSON } from '@bench/formats';
import { EngineError } from '@bench/engine';
import { MAX_BODY_DEPTH, tooDeepAt } from './json-depth';
import { nestingTooDeepAt } from './json-nesting';
import { quoteValue } from '@bench/contracts';

/** Bodies longer than this are checked for nesting before they are parsed (see json-nesting.ts); shorter ones parse in a few milliseconds whatever their shape. */
const SCAN_NESTING_ABOVE = 256 * 1024;

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
      throw new EngineError(
        415,
        'invalid-request',
        `content-encoding ${quoteValue(encoding)} is not supported; send the body as identity, gzip, deflate or br`,
      );
  }
}

/** Reads a JSON body up to `limit` bytes (after decompression): 413 past it, 400 when it is not JSON or nests too deeply. */
export async function readJSONBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const decoder = decoderFor(req.headers['content-encoding']);
  const text = await readText(decoder ? req.pipe(decoder) : req, limit);
  if (text.length === 0) throw new EngineError(400, 'invalid-request', 'the request body is empty; send a JSON object');
  if (text.length > SCAN_NESTING_ABOVE) {
    const at = nestingTooDeepAt(text, MAX_BODY_DEPTH);
    if (at !== -1) throw tooDeep(`the request body (at character ${at})`);
  }
  const parsed = safeParseJSON(text);
  if (!parsed.success) {
    throw new EngineError(400, 'invalid-request', `the request body is not valid JSON (${parsed.error.message}); send a JSON object`);
  }
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    throw new EngineError(400, 'invalid-request', 'the request body must be a JSON object');
  }
  const deep = tooDeepAt(parsed.value);
  if (deep !== undefined) throw tooDeep(deep, deep);
  return parsed.value;
}

/** The whole body as text, read with plain events (an async iterator per request costs more than the read). */
function readText(source: Readable, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        source.resume(); // drain the rest unread; the 413 goes out now
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new EngineError(400, 'invalid-request', `the request body could not be read (${error.message}); send it again`));
    };
    const onClose = () => {
      cleanup();
      reject(new EngineError(400, 'invalid-request', 'the request body could not be read (the connection closed before it ended); send it again'));
    };
    const cleanup = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
    };
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
    source.on('close', onClose);
  });
}

function tooDeep(where: string, param?: string): EngineError {
  const message = `${where}: nested deeper than ${MAX_BODY_DEPTH} levels of objects and arrays, more than the gateway takes; flatten it`;
  return new EngineError(400, 'invalid-request', message, param === undefined ? undefined : { param });
}

function tooLarge(limit: number): EngineError {
  return new EngineError(
    413,
    'request-too-large',
    `the request body is larger than ${limit} bytes, the gateway's limit (server.bodyLimitBytes); send a smaller request`,
  );
}
