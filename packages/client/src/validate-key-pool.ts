import { InvalidTargetError } from './errors/invalid-target-error';
import type { KeyPool } from './key-pool';

/** Throws an InvalidTargetError naming the first field of a key pool the client cannot use (never a key's value). */
export function validateKeyPool(pool: KeyPool, path: string): void {
  if (typeof pool.id !== 'string' || pool.id === '') throw new InvalidTargetError(`${path}.id`, 'must be a non-empty string (the provider that owns the pool)');
  if (!Array.isArray(pool.keys) || pool.keys.length === 0) throw new InvalidTargetError(`${path}.keys`, 'must list at least one key');
  const names = new Set<string>();
  pool.keys.forEach((key, index) => {
    if (typeof key?.name !== 'string' || key.name === '')
      throw new InvalidTargetError(`${path}.keys[${index}].name`, 'must name the variable that holds the key');
    if (names.has(key.name)) throw new InvalidTargetError(`${path}.keys[${index}].name`, `"${key.name}" is in the pool twice`);
    names.add(key.name);
    if (typeof key.value !== 'string' || key.value === '')
      throw new InvalidTargetError(`${path}.keys[${index}].value`, `${key.name}: must be the key itself, not empty`);
  });
  const forMs = pool.refusedForMs;
  if (forMs !== undefined && !(typeof forMs === 'number' && Number.isFinite(forMs) && forMs > 0)) {
    throw new InvalidTargetError(`${path}.refusedForMs`, 'must be a positive number of milliseconds');
  }
}
