type Wire = Record<string, unknown>;

export const isWireRecord = (value: unknown): value is Wire => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deletes `node[key]` when set, and notes `name` in `taken`. */
export function takeOutField(node: Wire, key: string, name: string, taken: string[]): void {
  if (node[key] === undefined) return;
  delete node[key];
  taken.push(name);
}
