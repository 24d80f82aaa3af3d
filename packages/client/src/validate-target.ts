import { PROTOCOLS, type Protocol } from '@bench/formats';
import { InvalidTargetError } from './errors/invalid-target-error';
import type { ModelTarget } from './model-target';

const positive = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Throws an InvalidTargetError naming the first field of `target` the client cannot use. */
export function validateTarget(target: ModelTarget, path: string): void {
  if (!target.alias) throw new InvalidTargetError(`${path}.alias`, 'must be a non-empty string');
  if (!PROTOCOLS.includes(target.api as Protocol)) {
    throw new InvalidTargetError(`${path}.api`, `"${String(target.api)}" is not one of ${PROTOCOLS.join(', ')}`);
  }
  if (!target.model) throw new InvalidTargetError(`${path}.model`, 'must be a non-empty string');
  if (!isHttpURL(target.baseURL)) {
    throw new InvalidTargetError(`${path}.baseURL`, `"${String(target.baseURL)}" is not an http(s) URL`);
  }
  if (target.rpm !== undefined && !(Number.isInteger(target.rpm) && target.rpm > 0)) {
    throw new InvalidTargetError(`${path}.rpm`, 'must be a positive whole number of requests a minute');
  }
  if (target.contextWindow !== undefined && !positive(target.contextWindow)) {
    throw new InvalidTargetError(`${path}.contextWindow`, 'must be a positive number of tokens');
  }
  if (target.maxOutputTokens !== undefined && !(Number.isInteger(target.maxOutputTokens) && target.maxOutputTokens > 0)) {
    throw new InvalidTargetError(`${path}.maxOutputTokens`, 'must be a positive whole number of tokens');
  }
  for (const [name, value] of Object.entries(target.timeouts ?? {})) {
    if (value !== undefined && !positive(value)) throw new InvalidTargetError(`${path}.timeouts.${name}`, 'must be a positive number of milliseconds');
  }
}

/** Base URLs already seen to parse as http(s): a gateway calls the same few on every request. Bounded, as callers may pass many. */
const HTTP_URLS = new Set<string>();
const HTTP_URLS_MAX = 256;

function isHttpURL(baseURL: string): boolean {
  if (HTTP_URLS.has(baseURL)) return true;
  let url: URL | undefined;
  try {
    url = new URL(baseURL);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (typeof baseURL !== 'string') return true;
  if (HTTP_URLS.size >= HTTP_URLS_MAX) HTTP_URLS.clear();
  HTTP_URLS.add(baseURL);
  return true;
}
