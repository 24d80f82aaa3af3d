import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ollamaCodec } from './ollama-codec';

const notFound = readFileSync(new URL('./__fixtures__/error-model-not-found.json', import.meta.url), 'utf8');

describe('Ollama errors', () => {
  it('formats {"error": message} with the status of the kind', () => {
    expect(ollamaCodec.formatError({ kind: 'rate-limit', message: 'slow down' })).toEqual({ status: 429, body: { error: 'slow down' } });
    expect(ollamaCodec.formatError({ kind: 'upstream', status: 503, message: 'x' }).status).toBe(503);
  });

  it('parses a captured error body', () => {
    expect(ollamaCodec.parseError(404, notFound)).toEqual({
      kind: 'not-found',
      status: 404,
      message: 'model "qwen9:70b" not found, try pulling it first',
    });
  });

  it('classifies context-length errors and non-JSON bodies', () => {
    expect(ollamaCodec.parseError(400, '{"error":"prompt is too long for the context window"}').kind).toBe('context-length');
    expect(ollamaCodec.parseError(502, '<html>Bad Gateway</html>')).toMatchObject({ kind: 'upstream', message: '<html>Bad Gateway</html>' });
    expect(ollamaCodec.parseError(500, '')).toMatchObject({ kind: 'upstream', message: 'upstream answered 500' });
    expect(ollamaCodec.parseError(429, '{"error":{"message":"too many requests"}}')).toMatchObject({ kind: 'rate-limit', message: 'too many requests' });
  });

  it('says the stream is NDJSON without a keep-alive', () => {
    expect(ollamaCodec.streamContentType).toBe('application/x-ndjson');
    expect(ollamaCodec.keepAlive).toBeUndefined();
    expect(ollamaCodec.protocol).toBe('ollama');
  });
});
