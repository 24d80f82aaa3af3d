import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Protocol } from '@bench/formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from './create-client';
import { ServerError } from './errors/server-error';
import { ask, readAll } from './test-helpers';

// An upstream that never ends what it started (a line without its newline, an error body without its end) must not
// fill the gateway's memory: the client stops reading at a bound, fails the attempt as the upstream's fault, and cuts
// the connection. The upstream here writes 1 MiB at a time for as long as its caller reads (up to 64 MiB).
const MIB = 1024 * 1024;
const LIMIT = 80 * MIB;

type Mode = 'unended-event' | 'unended-error-body' | 'unended-reply';
let server: Server;
let client: Client;
let url: string;
const served: Array<{ sent: number; cut: boolean; closed: Promise<void> }> = [];

function writeEndlessly(res: ServerResponse, head: string): void {
  let closed!: () => void;
  const record = { sent: 0, cut: false, closed: new Promise<void>((resolve) => (closed = resolve)) };
  served.push(record);
  res.on('close', () => {
    record.cut = !res.writableFinished;
    closed();
  });
  const piece = Buffer.alloc(MIB, 'x');
  const more = () => {
    if (res.destroyed) return;
    if (record.sent >= LIMIT) return void res.end('"}\n\n');
    record.sent += MIB;
    if (res.write(piece)) setImmediate(more);
    else res.once('drain', more);
  };
  res.write(head);
  more();
}

function start(mode: Mode, api: Protocol): Promise<void> {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (mode === 'unended-error-body') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return writeEndlessly(res, '{"error":{"message":"');
      }
      if (mode === 'unended-reply') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return writeEndlessly(res, '{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"');
      }
      res.writeHead(200, { 'content-type': api === 'ollama' ? 'application/x-ndjson' : 'text/event-stream' });
      writeEndlessly(res, api === 'ollama' ? '{"model":"m","message":{"role":"assistant","content":"' : 'data: {"a":"');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeEach(() => {
  served.length = 0;
  client = createClient({ timeouts: { firstTokenMs: 60_000, idleMs: 60_000, totalMs: 120_000 }, random: () => 0, retry: { serverErrorRetries: 0 } });
});
afterEach(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

const targetFor = (api: Protocol) => ({ alias: 'm1', api, baseURL: api === 'ollama' ? url : `${url}/v1`, model: 'm', apiKey: 'sk-test' });

describe.each(['openai-chat', 'anthropic', 'ollama'] as const)('%s upstream', (api) => {
  it('a stream event that never ends fails the attempt as the upstream’s fault at a bound, and the connection is cut', async () => {
    await start('unended-event', api);
    const { result, events } = await readAll(client.call(targetFor(api), ask()));
    expect(ServerError.isInstance(result.error), String(result.error)).toBe(true);
    expect(result.error?.message).toMatch(/m1: invalid stream \(the stream sent over 32 M characters without ending an event\)/);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'upstream' } });
    await served[0]!.closed;
    expect(served[0]!.cut).toBe(true);
    expect(served[0]!.sent).toBeLessThan(LIMIT);
  });
});

it('an error body that never ends is read up to 64 KiB, classified by its status, and the connection is cut', async () => {
  await start('unended-error-body', 'openai-chat');
  const { result } = await readAll(client.call(targetFor('openai-chat'), ask()));
  expect(ServerError.isInstance(result.error), String(result.error)).toBe(true);
  expect(result.error?.status).toBe(500);
  expect(result.error!.message.length).toBeLessThan(80 * 1024);
  await served[0]!.closed;
  expect(served[0]!.cut).toBe(true);
  expect(served[0]!.sent).toBeLessThan(LIMIT);
});

it('a whole (not streamed) reply that never ends is read up to 64 MiB, then refused as the upstream’s fault', async () => {
  await start('unended-reply', 'openai-chat');
  const { result } = await readAll(client.call(targetFor('openai-chat'), ask('hi', false)));
  expect(ServerError.isInstance(result.error), String(result.error)).toBe(true);
  expect(result.error?.message).toBe('m1: invalid reply (over 64 MiB; the rest was not read)');
  await served[0]!.closed;
  expect(served[0]!.cut).toBe(true);
  expect(served[0]!.sent).toBeLessThan(LIMIT);
});
