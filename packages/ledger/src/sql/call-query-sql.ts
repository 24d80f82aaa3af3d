import type { CallFilter } from '../dashboard/call-query';
import { FAILED_STATUS } from '../dashboard/call-query';
import type { CallCursor } from '../ledger-store';
import { boundParams } from './bound-params';
import type { Placeholder } from './totals-sql';

/** The verdict columns joined to each call row (`verdict_useful`, `verdict_note`, `verdict_time`); `calls` names the calls `c`. */
const withVerdict = (calls = 'calls c') => `SELECT c.*, v.useful AS verdict_useful, v.note AS verdict_note, v.time AS verdict_time
  FROM ${calls} LEFT JOIN verdicts v ON v.call = c.id`;

/** `id` is one of the calls of `c`'s panel: `<unit>.…`, a range on the key ('/' is the character after '.'). */
const inPanel = (id: string) => `${id} >= c.unit || '.' AND ${id} < c.unit || '/'`;

/**
 * Calls newest first, walking the (time, id) index backwards from the cursor (or, for a purpose, the (purpose, time,
 * id) index; for panels of a member, that model's rows of panel_members, see panel-members-sql.ts): a page of recent calls
 * reads about as many rows as it shows. A filter on a collection, model, key or status has no index of its own on the
 * calls (each would cost every insert): `guidedCalls` (calls-guide.ts) runs this over only the hours the hourly
 * roll-ups say hold its calls.
 */
export function queryCallsSql(filter: CallFilter, before: CallCursor | undefined, limit: number, p: Placeholder): { sql: string; values: unknown[] } {
  const { bind, values } = boundParams(p);
  // Panels (first seats) of a member: that model's rows of panel_members, in the list's order.
  const byMember = filter.firstSeat === true && filter.panelMember !== undefined;
  const [time, id] = byMember ? ['pm.time', 'pm.seat'] : ['c.time', 'c.id'];
  const where: string[] = [];
  if (byMember) where.push(`pm.alias = ${bind(filter.panelMember)}`);
  if (filter.from !== undefined) where.push(`${time} >= ${bind(filter.from)}`);
  if (filter.to !== undefined) where.push(`${time} < ${bind(filter.to)}`);
  if (before) where.push(`(${time} < ${bind(before.time)} OR (${time} = ${bind(before.time)} AND ${id} < ${bind(before.id)}))`);
  if (filter.collection !== undefined) where.push(`c.collection = ${bind(filter.collection)}`);
  if (filter.alias !== undefined) where.push(`c.alias = ${bind(filter.alias)}`);
  if (filter.keyName !== undefined) where.push(`c.key_name = ${bind(filter.keyName)}`);
  if (filter.status === FAILED_STATUS) where.push("c.status NOT IN ('ok', 'aborted')");
  else if (filter.status !== undefined) where.push(`c.status = ${bind(filter.status)}`);
  // A row of panel_members is a panel's first seat already; said again, the filter misleads Postgres' estimates into
  // sorting every panel of the member.
  if (filter.firstSeat && !byMember) where.push(`c.purpose = 'seat' AND c.id LIKE '%.1'`);
  else if (filter.purpose !== undefined) where.push(`c.purpose = ${bind(filter.purpose)}`);
  // Also where panel_members was walked: its rows are candidates, this says which hold.
  if (filter.panelMember !== undefined) where.push(`EXISTS (SELECT 1 FROM calls m WHERE ${inPanel('m.id')} AND m.alias = ${bind(filter.panelMember)})`);
  if (filter.panelJudged !== undefined) where.push(`${filter.panelJudged ? '' : 'NOT '}EXISTS (SELECT 1 FROM verdicts pv WHERE ${inPanel('pv.call')})`);
  const from = withVerdict(byMember ? 'panel_members pm JOIN calls c ON c.id = pm.seat' : undefined);
  const sql = `${from} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${time} DESC, ${id} DESC LIMIT ${bind(limit)}`;
  return { sql, values };
}

/** Calls whose id is in the key range [from, to) (a prefix and the prefix with its last character raised), in id order. */
export function callRangeSql(p: Placeholder): string {
  return `${withVerdict()} WHERE c.id >= ${p(1)} AND c.id < ${p(2)} ORDER BY c.id`;
}

/** The end of the key range of ids that start with `prefix`. */
export function prefixEnd(prefix: string): string {
  return `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
}
