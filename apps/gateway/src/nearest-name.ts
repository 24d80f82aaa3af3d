// The same helper as gateway-node's config/nearest-name.ts, which that package does not export yet.
/** Edit distance between two short names (config keys, flags): insertions, deletions, substitutions and swaps of neighbours count one each. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name closest to `name`, when it is close enough to be a typo (at
 * most a third of the longer name's letters off) or `name` begins it
 * (`apiKey` → `apiKeyEnv`); on a tie, the one sharing the longer beginning.
 */
export function nearestName(name: string, known: Iterable<string>): string | undefined {
  const typed = name.toLowerCase();
  let best: { candidate: string; distance: number; prefix: number } | undefined;
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const distance = lower.startsWith(typed) && typed.length >= 3 ? 1 : editDistance(typed, lower);
    if (distance > Math.max(1, Math.floor(Math.max(typed.length, lower.length) / 3))) continue;
    let prefix = 0;
    while (prefix < typed.length && typed[prefix] === lower[prefix]) prefix += 1;
    if (!best || distance < best.distance || (distance === best.distance && prefix > best.prefix)) best = { candidate, distance, prefix };
  }
  return best?.candidate;
}
