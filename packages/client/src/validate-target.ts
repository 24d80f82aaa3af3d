import { PROTOCOLS, type Protocol } from '@bench/formats';
import { InvalidTargetError } from './errors/invalid-target-error';
import type { ModelTarget } from './model-target';
import { VENDORS } from './vendors/registry';
import { UrlMemo } from './url-memo';
import { validateKeyPool } from './validate-key-pool';
import { validateRetry } from './validate-retry';

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
  if (target.vendor !== undefined && !VENDORS.includes(target.vendor)) {
    throw new InvalidTargetError(`${path}.vendor`, `"${String(target.vendor)}" is not one of ${VENDORS.join(', ')}`);
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
  validateRetry(target.retry, `${path}.retry`);
  if (target.keyPool !== undefined) validateKeyPool(target.keyPool, `${path}.keyPool`);
}

/** Whether each base URL parses as http(s), worked out once per URL. */
const HTTP_URLS = new UrlMemo<boolean>();

function isHttpURL(baseURL: string): boolean {
  // A non-string (from JavaScript callers) is never remembered.
  if (typeof baseURL !== 'string') return parsesAsHttp(baseURL);
  return HTTP_URLS.get(baseURL, parsesAsHttp);
}

function parsesAsHttp(baseURL: string): boolean {
  try {
    const url = new URL(baseURL);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
