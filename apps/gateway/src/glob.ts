/** `claude-*` matches `claude-opus-4-8`; `?` is one character (as the gateway's aliases read them). */
export function matchesGlob(pattern: string, name: string): boolean {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`).test(name);
}
