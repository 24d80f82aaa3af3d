import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from './write-atomically';

describe('writeFileAtomically', () => {
  it('replaces the file with its mode kept, and leaves no temp file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-write-'));
    const path = join(dir, 'bench.jsonc');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    writeFileAtomically(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['bench.jsonc']);
  });

  it('writes the file a link points to, and keeps the link', () => {
    const real = join(mkdtempSync(join(tmpdir(), 'bench-real-')), 'real.jsonc');
    writeFileSync(real, 'old');
    const link = join(mkdtempSync(join(tmpdir(), 'bench-link-')), 'bench.jsonc');
    symlinkSync(real, link);
    writeFileAtomically(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
  });
});
