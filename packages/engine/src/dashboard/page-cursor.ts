import type { CallCursor } from '@bench/ledger';
import { EngineError } from '../errors/engine-error';

/** A page's position as the `next` a caller sends back: opaque, URL-safe. */
export function encodeCursor(cursor: CallCursor | null): string | null {
  return cursor && Buffer.from(JSON.stringify([cursor.time, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string | undefined): CallCursor | undefined {
  if (text === undefined) return undefined;
  try {
    const [time, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(time) && typeof id === 'string') return { time: time as number, id };
  } catch {
    // not one of ours: said below
  }
  throw new EngineError(
    400,
    'invalid-request',
    'cursor: not a cursor this gateway gave; send the "next" of the previous page, or leave it out for the first page',
    {
      param: 'cursor',
    },
  );
}
