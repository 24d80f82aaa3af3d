import { readFileSync } from 'node:fs';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Reads a JSON-with-comments file; an error names the file, line and column. */
export function readConfigFile(path: string): unknown {
  return parseConfigText(readConfigText(path), path);
}

/** The file's text; an error names the file and why it cannot be read. */
export function readConfigText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the config file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** A config file's text as its object; an error names the file, line and column. */
export function parseConfigText(text: string, path: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const before = text.slice(0, first.offset);
    const line = before.split('\n').length;
    const column = first.offset - before.lastIndexOf('\n');
    throw new Error(`${path}:${line}:${column}: ${printParseErrorCode(first.error)} — the config file is JSON with comments`);
  }
  return value;
}
