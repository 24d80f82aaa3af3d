import { describe, expect, it } from 'vitest';
import { applyConfigEdits, parseConfigEditBody } from './config-edits';

describe('applyConfigEdits', () => {
  it('changes, adds and removes values, keeping comments and the file’s own indentation and line ends', () => {
    const text = '// top\r\n{\r\n\t// the models\r\n\t"models": {"m1": {"model": "x"}},\r\n\t"ledger": "memory:" // inline\r\n}\r\n';
    const edited = applyConfigEdits(text, [
      { path: ['models', 'm1', 'tools'], value: true },
      { path: ['collections', 'core'], value: { members: ['m1'] } },
      { path: ['ledger'] },
    ]);
    expect(edited).toContain('// top\r\n{\r\n\t// the models\r\n');
    expect(edited).toContain('"tools": true');
    expect(edited).toContain('\t"collections": {\r\n\t\t"core": {');
    expect(edited).not.toContain('"ledger"');
    expect(edited.includes('\n') && !/[^\r]\n/.test(edited)).toBe(true); // every line still ends in \r\n
  });

  it('refuses a path through a value that is neither object nor array, naming the edit', () => {
    expect(() => applyConfigEdits('{"ledger": "memory:"}', [{ path: ['ledger', 'x'], value: 1 }])).toThrow(/^edits\[0\]\.path: /);
  });
});

describe('parseConfigEditBody', () => {
  it('names the field at fault', () => {
    expect(() => parseConfigEditBody({ edits: [{ path: ['a'] }, { path: [-1] }] })).toThrow(/^edits\[1\]\.path\[0\]: /);
    expect(() => parseConfigEditBody([])).toThrow(/expected object/);
  });
});
