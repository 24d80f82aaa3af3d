import { request } from 'node:http';
import { connect } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRequest } from './raw-requests';
import { ask, SDK_PROTOCOLS, sdksFor } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway({ config: (base) => ({ ...base, server: { ...base.server, bodyLimitBytes: 64 * 1024 } }) });
});
afterAll(() => t.close());

/** Sends a body with node:http (optionally chunked, without content-length) and reads the answer. */
function rawPost(path: string, body: Buffer, chunked: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(t.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }) },
    });
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    req.on('error', reject);
    // Written in pieces, as a large upload goes; the gateway may answer before the last one.
    let offset = 0;
    const next = () => {
      if (offset >= body.length) return req.end();
      const piece = body.subarray(offset, offset + 256 * 1024);
      offset += piece.length;
      if (req.write(piece)) setImmediate(next);
      else req.once('drain', next);
    };
    next();
  });
}

describe('the HTTP server', () => {
  it.each([false, true])('a body far over the limit (chunked: %s) gets its 413, not a reset', async (chunked) => {
    const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'x'.repeat(4 * 1024 * 1024), false);
    const result = await rawPost(path, Buffer.from(JSON.stringify(body)), chunked);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text).error.message).toMatch(/bodyLimitBytes/);
    const after = await ask(sdksFor(t.url), 'openai-chat', 'bench/agents', 'still fine?', false);
    expect(after.bench).toMatchObject({ reply: 'route' });
  });

  it('routes an absolute-form request target (http://host/path, as HTTP/1.1 servers must accept) by its path', async () => {
    const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'absolute form?', false);
    const text = JSON.stringify(body);
    const { status, json } = await new Promise<{ status: number; json: any }>((resolve, reject) => {
      const origin = new URL(t.url);
      const req = request({
        host: origin.hostname,
        port: origin.port,
        method: 'POST',
        path: t.url + path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      });
      req.on('response', (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, json: JSON.parse(received) }));
      });
      req.on('error', reject);
      req.end(text);
    });
    expect(status).toBe(200);
    expect(json.bench).toMatchObject({ reply: 'route', collection: 'agents' });
  });

  it('serves a request asking for an upgrade it does not speak (curl --http2 asks for h2c) as the plain request it is', async () => {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${t.url}/v1/models`, {
        headers: { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAAQCAAAAAAIAAAAA' },
      });
      req.on('response', (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text: received }));
      });
      req.on('upgrade', () => reject(new Error('the gateway switched protocols')));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ object: 'list' });
  });

  it('closes the connection after a stream when the caller asked (Connection: close), and keeps it otherwise', async () => {
    const { port } = new URL(t.url);
    const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'stream then close', true);
    const text = JSON.stringify(body);
    const raw = (connection: string) =>
      `POST ${path} HTTP/1.1\r\nhost: x\r\nconnection: ${connection}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
    const open = () => {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      const streams = (count: number) => new Promise<void>((resolve) => socket.on('data', () => received.split('data: [DONE]').length > count && resolve()));
      return { socket, received: () => received, streams, ended: new Promise<void>((resolve) => socket.on('end', resolve)) };
    };

    t.upstream.script('up-1', { answer: { text: 'streamed' } });
    const closing = open();
    closing.socket.write(raw('close'));
    await closing.ended; // the server ends the connection after the stream (a hang here fails the test by its timeout)
    expect(closing.received()).toContain('streamed');
    expect(closing.received().toLowerCase()).toContain('connection: close');

    t.upstream.script('up-1', [{ answer: { text: 'first' } }, { answer: { text: 'second' } }]);
    const kept = open();
    kept.socket.write(raw('keep-alive'));
    await kept.streams(1);
    kept.socket.write(raw('keep-alive')); // the same connection serves the next request
    await kept.streams(2);
    kept.socket.destroy();
    expect(kept.received()).toContain('first');
    expect(kept.received()).toContain('second');
  });

  it('serves many streamed requests at once across protocols', async () => {
    const sdks = sdksFor(t.url);
    t.upstream.script('up-1', { answer: { text: ['many ', 'at ', 'once'] }, pieceDelayMs: 10 });
    // Gemini is left out: its bench is read from the bytes through a patched global fetch, which is not safe to share.
    const protocols = SDK_PROTOCOLS.filter((protocol) => protocol !== 'gemini');
    const replies = await Promise.all(Array.from({ length: 32 }, (_, i) => ask(sdks, protocols[i % protocols.length]!, 'bench/agents', `question ${i}`, true)));
    for (const reply of replies) expect(reply.text).toBe('many at once');
    expect(new Set(replies.map((reply) => reply.bench!.conversation)).size).toBe(32);
  });

  it('close() lets a stream under way finish, then stops without waiting out the grace period', async () => {
    // The grace period is longer than the test's timeout: a close() that waits it out fails the test.
    const own = await startTestGateway({ config: (base) => ({ ...base, server: { ...base.server, shutdownGraceMs: 120_000 } }) });
    own.upstream.script('up-1', { answer: { text: ['slow ', 'but ', 'complete'] }, pieceDelayMs: 150 });
    // A client that keeps its idle connections for a minute, as agent CLIs and proxies do.
    const dispatcher = new Agent({ keepAliveTimeout: 60_000, keepAliveMaxTimeout: 60_000 });
    const { path, body } = minimalRequest('anthropic', 'bench/agents', 'finish me', true);
    const response = await undiciFetch(own.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher,
    });
    expect(response.status).toBe(200);
    const closing = own.gateway.close();
    const text = await response.text();
    expect(text).toContain('complete');
    expect(text).toContain('message_stop');
    await closing;
    await expect(fetch(`${own.url}/bench/health`)).rejects.toThrow();
    await own.upstream.close();
    await dispatcher.close();
  });

  it('health is 503 when the state store is unreachable, naming which', async () => {
    const own = await startTestGateway({ config: (base) => ({ ...base, state: 'redis://127.0.0.1:1' }) });
    try {
      const health = await fetch(`${own.url}/bench/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'not ready', ledger: { ok: true }, state: { ok: false } });
    } finally {
      await own.close();
    }
  });
});
