const cache = new Map<string, RegExp>();

/** `claude-*` → matches `claude-opus-4-8`; `?` is one character; everything else is literal. */
export function matchesGlob(pattern: string, name: string): boolean {
  let regex = cache.get(pattern);
  if (!regex) {
    const body = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    regex = new RegExp(`^${body}$`);
    cache.set(pattern, regex);
  }
  return regex.test(name);
}

export function isGlob(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}
