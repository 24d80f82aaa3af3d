import { execFileSync } from 'node:child_process';
import fs, { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
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

describe('where the access log destination writes a batch', () => {
  it('to a file, on the calling thread: a full batch is in the file when `write` returns, not handed to the thread pool', () => {
    const { path, fd, out } = destination();
    const handed = vi.spyOn(fs, 'write');
    const line = `{"pad":"${'x'.repeat(1_000)}"}\n`;
    for (let i = 0; i < 100; i += 1) out.write(line); // more than a batch holds
    const now = readFileSync(path, 'utf8');
    expect(now.length).toBeGreaterThan(0);
    expect(now).toBe(line.repeat(now.length / line.length));
    out.flushSync();
    expect(readFileSync(path, 'utf8')).toBe(line.repeat(100));
    expect(handed).not.toHaveBeenCalled();
    handed.mockRestore();
    closeSync(fd);
  });

  it('to a pipe, asynchronously, every line once and in order', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'bench-log-')), 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const fd = openSync(fifo, 'w');
    const handed = vi.spyOn(fs, 'write');
    const out = new BatchedLogDestination(fd);
    const lines = Array.from({ length: 300 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 300)}"}\n`);
    for (const line of lines) out.write(line);
    const read: Buffer[] = [];
    const chunk = Buffer.alloc(65_536);
    const drain = () => {
      for (;;) {
        try {
          const n = readSync(reader, chunk);
          if (n === 0) return;
          read.push(Buffer.from(chunk.subarray(0, n)));
        } catch {
          return; // EAGAIN: nothing more for now
        }
      }
    };
    expect(Buffer.concat(read).length).toBe(0);
    const done = new Promise<void>((resolve) => out.flush(() => resolve())); // fsync on a pipe fails (EINVAL): only the write matters here
    for (let i = 0; i < 200 && Buffer.concat(read).toString() !== lines.join(''); i += 1) {
      drain();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await done;
    drain();
    expect(Buffer.concat(read).toString()).toBe(lines.join(''));
    expect(handed).toHaveBeenCalled();
    handed.mockRestore();
    closeSync(fd);
    closeSync(reader);
  });
});
