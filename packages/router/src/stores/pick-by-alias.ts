/** The entries of `from` for those of `aliases` that have one, in a map of their own. */
export function pickByAlias<T>(from: ReadonlyMap<string, T>, aliases: readonly string[]): Map<string, T> {
  const found = new Map<string, T>();
  for (const alias of aliases) {
    const value = from.get(alias);
    if (value !== undefined) found.set(alias, value);
  }
  return found;
}
