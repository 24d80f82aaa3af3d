import type { ModelTarget } from '@bench/client';
import type { TurnContext } from '../turn/turn-context';

const BETA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The `anthropic-beta` values an Anthropic caller sent (Claude Code sends
 * several), cleaned: names only, each once. Undefined for other protocols'
 * callers and when there are none.
 */
export function callerBetas(context: Pick<TurnContext, 'protocol' | 'headers'>): string[] | undefined {
  if (context.protocol !== 'anthropic') return undefined;
  const betas = betaList(context.headers['anthropic-beta']);
  return betas.length > 0 ? betas : undefined;
}

/**
 * The target with the caller's betas added, for an Anthropic member. Claude
 * Code's bodies use beta features (`context_management`, `role: "system"`
 * inside `messages`, `output_config.effort`) that Anthropic refuses without
 * the matching values; an Anthropic member gets the body as sent, so the values
 * go with it (after any the provider's config sets). Other protocols' members
 * get a translated body that uses none.
 */
export function withCallerBetas(target: ModelTarget, betas: readonly string[] | undefined): ModelTarget {
  if (!betas || target.api !== 'anthropic') return target;
  const headers: Record<string, string> = {};
  let configured: string[] = [];
  for (const [name, value] of Object.entries(target.headers ?? {})) {
    if (name.toLowerCase() === 'anthropic-beta') configured = betaList(value);
    else headers[name] = value;
  }
  headers['anthropic-beta'] = [...new Set([...configured, ...betas])].join(',');
  return Object.assign({}, target, { headers });
}

function betaList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const names = (Array.isArray(value) ? value.join(',') : value).split(',').map((name) => name.trim());
  return [...new Set(names.filter((name) => BETA_NAME.test(name)))];
}
