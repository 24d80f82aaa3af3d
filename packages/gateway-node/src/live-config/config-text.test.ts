import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile } from './config-text';

const write = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'bench-config-')), 'bench.jsonc');
  writeFileSync(path, text);
  return path;
};

describe('readConfigFile', () => {
  it('reads JSON with comments and trailing commas', () => {
    const path = write('{\n  // the ledger\n  "ledger": "memory:", /* inline */\n  "models": {},\n}\n');
    expect(readConfigFile(path)).toEqual({ ledger: 'memory:', models: {} });
  });

  it('names the file, line and column of a syntax error', () => {
    const path = write('{\n  "ledger": "memory:"\n  "state": "memory:"\n}\n');
    expect(() => readConfigFile(path)).toThrow(`${path}:3:3: CommaExpected`);
  });

  it('says when the file cannot be read', () => {
    expect(() => readConfigFile('/nonexistent/bench.jsonc')).toThrow('cannot read the config file /nonexistent/bench.jsonc: ENOENT');
  });
});
