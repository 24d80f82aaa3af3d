import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type AccessRecord, accessLine } from './access-log';

/** The line pino itself writes for `logger.info(record, 'request')` with the gateway's options and the time fixed. */
async function pinoLine(record: AccessRecord): Promise<string> {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
  pino({ level: 'info', base: undefined, messageKey: 'msg', timestamp: () => ',"time":42' }, sink).info(record, 'request');
  await new Promise((resolve) => setImmediate(resolve));
  return written;
}

/** The record's fields in `AccessRecord`'s order (pino writes them in the object's own). */
const inOrder = (r: AccessRecord): AccessRecord => ({
  ...{ method: r.method, route: r.route, status: r.status, key: r.key, collection: r.collection, model: r.model, reply: r.reply },
  ...{ cost: r.cost, seconds: r.seconds, error: r.error },
});

describe('the access line built by hand', () => {
  it("is pino's line: same fields, order and escaping (plain, quoted, control characters, long, non-ASCII)", async () => {
    const records: AccessRecord[] = [
      {
        method: 'POST',
        route: '/v1/chat/completions',
        status: 200,
        key: 'alice',
        collection: 'core',
        model: 'm1',
        reply: 'p1',
        cost: 0.00123,
        seconds: 0.4123,
      },
      { method: 'GET', route: '/bench/"q"\\\n\u2028é', status: 404, seconds: 0, error: 'no route GET /x "quoted"\t\u0001' },
      { method: 'POST', route: `/${'long/'.repeat(30)}`, status: 500, model: `${'m'.repeat(65)}"`, cost: Number.NaN, seconds: 1e-7 },
      { method: 'POST', route: '/v1/"messages"', status: 401, key: 'back\\slash', collection: 'tab\there', seconds: 1 },
      { method: 'POST', route: '/v1/messages', status: 502, model: 'ü'.repeat(64), seconds: 12, error: 'x'.repeat(64) },
    ];
    for (const record of records) expect(accessLine(record, 42)).toBe(await pinoLine(record));
  });

  it("is pino's line when the next request differs from the last in any one field (the part from method to reply is reused)", async () => {
    const first: AccessRecord = { method: 'POST', route: '/v1/messages', status: 200, key: 'k', collection: 'c', model: 'm', reply: 'route', seconds: 1 };
    const changes: Partial<AccessRecord>[] = [
      { method: 'GET' },
      { route: '/v1/responses' },
      { status: 502 },
      { key: 'other' },
      { key: undefined },
      { collection: 'd' },
      { collection: undefined },
      { model: 'n' },
      { reply: 'all' },
      { reply: undefined },
      { cost: 0.5, seconds: 2, error: 'e' },
    ];
    for (const change of changes) {
      for (const record of [first, inOrder({ ...first, ...change }), first]) expect(accessLine(record, 42)).toBe(await pinoLine(record));
    }
  });

  it('escapes a lone surrogate, so the line stays valid JSON that reads back the same', () => {
    const line = accessLine({ method: 'GET', route: '/a\ud800b', status: 404, seconds: 0 }, 42);
    expect(line).toContain('\\ud800');
    expect(JSON.parse(line).route).toBe('/a\ud800b');
  });
});
