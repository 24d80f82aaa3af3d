import { LedgerInputError } from '../errors/ledger-input-error';

/** Cheap synchronous field checks: they run on the request path, so no regexes and no copies. */

export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LedgerInputError(field, `must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new LedgerInputError(field, `must be a non-empty string, got ${describe(value)}`);
  }
  return value;
}

/** One of a fixed set of words (a purpose, a scope); throws naming the field and the set. */
export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T)) throw new LedgerInputError(field, `must be one of ${allowed.join(', ')}, got ${describe(value)}`);
  return value as T;
}

export function optionalString(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== 'string') {
    throw new LedgerInputError(field, `must be a string when present, got ${describe(value)}`);
  }
}

/** Absent or a string: the fast path's check, which builds no field name. */
export function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** Absent or a whole number ≥ 0. */
export function isOptionalCount(value: unknown): boolean {
  return value === undefined || isCount(value);
}

/** Absent or a finite number ≥ 0. */
export function isOptionalAmount(value: unknown): boolean {
  return value === undefined || isAmount(value);
}

export function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

export function isAmount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** A whole number ≥ 0 (token counts, tool calls). */
export function optionalCount(value: unknown, field: string): void {
  if (value !== undefined && !isCount(value)) {
    throw new LedgerInputError(field, `must be a whole number ≥ 0 when present, got ${describe(value)}`);
  }
}

/** A finite number ≥ 0 (seconds, prices, epoch milliseconds). */
export function optionalAmount(value: unknown, field: string): void {
  if (value !== undefined && !isAmount(value)) {
    throw new LedgerInputError(field, `must be a finite number ≥ 0 when present, got ${describe(value)}`);
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}
