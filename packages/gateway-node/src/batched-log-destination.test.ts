import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchedLogDestination } from './batched-log-destination';

function destination() {
  const path = join(mkdtempSync(join(tmpdir(), 'bench-log-')), 'out.log');
  const fd = openSync(path, 'w');
  return { path, fd, out: new BatchedLogDestination(fd) };
}
const flushed = (out: BatchedLogDestination) => new Promise<void>((resolve, reject) => out.flush((error) => (error ? reject(error) : resolve())));

describe('the access log destination', () => {
  it('writes every line once, in order, at flush: batches past 64 KB and the rest gathered', async () => {
    const { path, fd, out } = destination();
    const lines = Array.from({ length: 3_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 90)}"}\n`);
    for (const line of lines) out.write(line);
    await flushed(out);
    expect(readFileSync(path, 'utf8')).toBe(lines.join(''));
    closeSync(fd);
  });

  it('writes a lone line without a flush (within its window), so a quiet server loses no old lines at a crash', async () => {
    const { path, fd, out } = destination();
    out.write('{"msg":"alone"}\n');
    expect(readFileSync(path, 'utf8')).toBe(''); // gathered, not written on the serving thread at once
    for (let i = 0; i < 200 && readFileSync(path, 'utf8') === ''; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(readFileSync(path, 'utf8')).toBe('{"msg":"alone"}\n');
    closeSync(fd);
  });

  it('flushSync writes what is gathered at once (at exit, with no event loop left)', () => {
    const { path, fd, out } = destination();
    out.write('{"a":1}\n');
    out.write('{"é":"ü"}\n');
    out.flushSync();
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"é":"ü"}\n');
    closeSync(fd);
  });

  it('writes lines of every size in order: non-ASCII, one larger than a batch, ones that fill a batch up', async () => {
    const { path, fd, out } = destination();
    const lines = [`{"a":"${'é€😀'.repeat(10)}"}\n`, `{"huge":"${'x'.repeat(100_000)}"}\n`, '{"b":2}\n', `{"fill":"${'y'.repeat(21_000)}"}\n`, '{"c":3}\n'];
    for (const line of [...lines, ...lines]) out.write(line);
    await flushed(out);
    expect(readFileSync(path, 'utf8')).toBe([...lines, ...lines].join(''));
    closeSync(fd);
  });
});
