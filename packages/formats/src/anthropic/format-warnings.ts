import type { Extra } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { isInertField } from '../shared/inert-fields';
import { wireKeys } from './extra-fields';

/** One `dropped` warning per foreign extra field (not `$` hints) that Anthropic cannot carry. */
export function warnForeignExtra(extra: Extra | undefined, path: string, warnings: Warning[]): void {
  for (const key of wireKeys(extra)) {
    if (isInertField(key, path, 'anthropic')) continue;
    const where = path ? `${path}.${key}` : key;
    warnings.push({ code: 'dropped', path: where, message: `${where} has no place in Anthropic Messages` });
  }
}

/** Writes the extra's wire fields (not `$` hints) onto a wire object, except the keys the caller merges itself. */
export function spreadExtra(target: Record<string, unknown>, extra: Extra | undefined, except: ReadonlyArray<string> = []): void {
  for (const key of wireKeys(extra)) {
    if (!except.includes(key)) target[key] = extra?.[key];
  }
}
