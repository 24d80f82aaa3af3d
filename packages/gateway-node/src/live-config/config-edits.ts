import { fieldPath, InvalidRequestError } from '@bench/formats';
import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import { z } from 'zod';

const editSchema = z.strictObject({
  path: z
    .array(z.union([z.string().min(1), z.number().int().nonnegative()]), 'expected an array of keys (strings) and array indexes (numbers)')
    .min(1, 'name at least one key: the config itself cannot be replaced'),
  /** The new value; null or absent removes the key. */
  value: z.unknown().optional(),
});

const editBodySchema = z.strictObject({
  edits: z.array(editSchema, 'expected an array of edits, each {"path": [...], "value": ...}').min(1, 'send at least one edit'),
  version: z.string().optional(),
});

export type ConfigEdit = z.output<typeof editSchema>;
export type ConfigEditBody = z.output<typeof editBodySchema>;

/** `POST /bench/config`'s body, or a 400 naming each field at fault. */
export function parseConfigEditBody(body: unknown): ConfigEditBody {
  const parsed = editBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new InvalidRequestError(parsed.error.issues.slice(0, 5).map((issue) => ({ path: fieldPath(issue.path), message: issue.message })));
}

/** The text with each edit made in turn; comments and the formatting of everything else are kept. */
export function applyConfigEdits(text: string, edits: readonly ConfigEdit[]): string {
  const formattingOptions = formattingOf(text);
  return edits.reduce((edited, edit, index) => {
    try {
      const value = edit.value === null ? undefined : edit.value;
      return applyEdits(edited, modify(edited, edit.path, value, { formattingOptions }));
    } catch (error) {
      // jsonc-parser refuses a path through a value that is neither an object nor an array.
      throw new InvalidRequestError([
        { path: `edits[${index}].path`, message: `${(error as Error).message}; a key's parent must be an object, an index's an array` },
      ]);
    }
  }, text);
}

/** New lines indented as the file is: its first indented line's tabs or spaces, its line ends. */
function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    insertFinalNewline: false,
  };
}
