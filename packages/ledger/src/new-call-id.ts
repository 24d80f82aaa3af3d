import { randomUUID } from 'node:crypto';

/**
 * A new call id that sorts by time: `prefix`, the time (epoch ms, 9 base-36
 * digits) and 15 random hex digits (60 bits). The ledger indexes call ids:
 * ids made later land at the index's end, where random ids made every insert
 * touch a random page (~10 µs a row in SQLite instead of ~3 once the table is
 * large). The digits come from `randomUUID`'s pooled buffer (`randomBytes` per
 * id costs several microseconds). The same scheme as `@bench/panel`'s panel ids.
 */
export function newCallId(prefix: string, now: number = Date.now()): string {
  const uuid = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-…: skip the dashes and the version digit
  return `${prefix}${now.toString(36).padStart(9, '0')}${uuid.slice(0, 8)}${uuid.slice(9, 13)}${uuid.slice(15, 18)}`;
}
