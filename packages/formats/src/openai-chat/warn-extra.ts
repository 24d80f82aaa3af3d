import type { Extra } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { isInertField } from '../shared/inert-fields';
import { setOwn } from './split-extra';

/** Another protocol's unmapped fields, which this one cannot carry: one warning per key (null ones lose nothing). */
export function warnExtra(extra: Extra | undefined, path: string, warnings: Warning[]): void {
  if (!extra) return;
  for (const key in extra) {
    if (key.startsWith('$') || extra[key] === null || extra[key] === undefined || isInertField(key, path, 'openai-chat')) continue;
    const at = path ? `${path}.${key}` : key;
    warnings.push({ code: 'dropped', path: at, message: `OpenAI Chat has no field for ${at}; not sent` });
  }
}

/** This codec's own unmapped fields of a node, to write back: every key but the `$` hints. */
export function ownFields(extra: Extra | undefined, skip?: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!extra) return out;
  for (const key in extra) {
    if (key.startsWith('$') || skip?.has(key)) continue;
    setOwn(out, key, extra[key]);
  }
  return out;
}

export function dropped(warnings: Warning[], path: string, what: string): void {
  warnings.push({ code: 'dropped', path, message: `OpenAI Chat cannot carry ${what}; not sent` });
}
