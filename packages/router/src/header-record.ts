/** Request headers as a plain record (Node's `IncomingHttpHeaders` fits). */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A header's first value, looked up case-insensitively. */
export function readHeader(headers: HeaderRecord, name: string): string | undefined {
  let value = headers[name];
  if (value === undefined) {
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === name) {
        value = headers[key];
        break;
      }
    }
  }
  const first = typeof value === 'string' ? value : value?.[0];
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}
