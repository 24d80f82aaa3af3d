import type { Extra } from '../neutral/content';
import { isRecord } from './extra-fields';

const TTLS = new Set(['5m', '1h']);

/**
 * A cache mark a client of another protocol put on a content part:
 * `cache_control` on an OpenAI Chat part is OpenRouter's convention for
 * Claude, which Cline and others send. It is Anthropic's own field, so it is
 * carried to the block as it is (a well-formed one; anything else is warned
 * about and left out like other foreign fields).
 */
export function foreignCacheMark(extra: Extra | undefined): Record<string, unknown> | undefined {
  const mark = extra?.cache_control;
  if (!isRecord(mark) || mark.type !== 'ephemeral') return undefined;
  if (mark.ttl !== undefined && !TTLS.has(mark.ttl as string)) return undefined;
  return mark.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: mark.ttl };
}

/** The extra without a mark `foreignCacheMark` carries: what is left to warn about. */
export function withoutCarriedMark(extra: Extra | undefined): Extra | undefined {
  if (foreignCacheMark(extra) === undefined) return extra;
  const { cache_control: _carried, ...rest } = extra as Extra;
  return rest;
}
