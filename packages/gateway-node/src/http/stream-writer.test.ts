import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamWriter } from './stream-writer';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real server whose one handler is `handle`; resolves with its URL. */
async function serve(handle: (res: ServerResponse) => Promise<void>): Promise<string> {
  server = createServer((_req, res) => void handle(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function request(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, resolve).on('error', reject));
}

function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => resolve(text));
    res.on('error', reject);
    res.resume(); // a paused reply stays paused when a data listener is added
  });
}

describe('StreamWriter', () => {
  it('joins the text written in one turn into one write, in order', async () => {
    let writes = 0;
    const url = await serve(async (res) => {
      const write = res.write.bind(res) as (chunk: string) => boolean;
      res.write = ((chunk: string) => {
        writes += 1;
        return write(chunk);
      }) as typeof res.write;
      const writer = new StreamWriter(res, { keepAlive: undefined, keepAliveMs: 60_000 });
      writer.open(200, { 'content-type': 'text/plain' }, { flush: true });
      for (const text of ['one ', 'two ', 'three ']) writer.write(text);
      await new Promise((resolve) => setTimeout(resolve, 20));
      writer.write('four');
      await new Promise((resolve) => setTimeout(resolve, 20));
      writer.end(' end');
    });
    expect(await readAll(await request(url))).toBe('one two three four end');
    expect(writes).toBe(2); // one for the first turn's three pieces, one for "four"; the end goes with res.end
  });

  it('sendNow hands what is pending to the socket at once; what follows in the same turn still goes in one write', async () => {
    const writes: string[] = [];
    const url = await serve(async (res) => {
      const write = res.write.bind(res) as (chunk: string) => boolean;
      res.write = ((chunk: string) => {
        writes.push(chunk);
        return write(chunk);
      }) as typeof res.write;
      const writer = new StreamWriter(res, { keepAlive: undefined, keepAliveMs: 60_000 });
      writer.open(200, { 'content-type': 'text/plain' }, { flush: false });
      writer.write('preamble ');
      writer.write('first ');
      writer.sendNow();
      expect(writes).toEqual(['preamble first ']); // before the turn ended
      for (const text of ['second ', 'third ']) writer.write(text);
      await new Promise((resolve) => setTimeout(resolve, 20));
      writer.end('end');
    });
    expect(await readAll(await request(url))).toBe('preamble first second third end');
    expect(writes).toEqual(['preamble first ', 'second third ']);
  });

  it('makes the writer wait while the reader does not read, and holds a bounded amount meanwhile', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const pieces = 256; // 16 MB in all
    let waits = 0;
    let mostBuffered = 0;
    const url = await serve(async (res) => {
      const writer = new StreamWriter(res, { keepAlive: undefined, keepAliveMs: 60_000 });
      writer.open(200, { 'content-type': 'text/plain' }, { flush: true });
      for (let index = 0; index < pieces; index += 1) {
        const full = writer.write(piece);
        mostBuffered = Math.max(mostBuffered, res.writableLength);
        if (full) {
          waits += 1;
          await full;
        }
        // A turn per piece, as upstream events arrive: each turn's text is handed to the socket.
        await new Promise((resolve) => setImmediate(resolve));
      }
      writer.end();
    });
    const res = await request(url);
    res.pause();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the reader sits on its hands
    expect(waits).toBeGreaterThan(0);
    expect(mostBuffered).toBeLessThan(2 * 1024 * 1024);
    const text = await readAll(res);
    expect(text.length).toBe(piece.length * pieces);
  });
});
