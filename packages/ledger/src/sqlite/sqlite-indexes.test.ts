import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CallFilter } from '../dashboard/call-query';
import { guideOf, hoursSql } from '../sql/calls-guide';
import { queryCallsSql } from '../sql/call-query-sql';
import { seriesSql } from '../sql/series-sql';
import { statsSql } from '../sql/stats-row';
import { keyStatsSql, recordsSql, statsFromTotalsSql } from '../sql/totals-sql';
import { migrateSqlite } from './sqlite-migrate';
import { prepareStatements } from './sqlite-statements';

/** SQLite's plan for a statement: `SCAN t` reads every row of t, `SEARCH t USING …` an index or the key. */
function plan(db: Database.Database, sql: string): string[] {
  const params = (sql.match(/\?/g) ?? []).map(() => null);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);
}

const q = () => '?';
/** Filters the calls page reads hours for from the roll-ups first (see calls-guide.ts). */
const guided: CallFilter[] = [
  { alias: 'm' },
  { keyName: 'k' },
  { collection: 'c' },
  { collection: 'c', alias: 'm' },
  { status: 'failed' },
  { status: 'timeout', keyName: 'k' },
];

describe('every filter stats, export, the API and retention read by is indexed', () => {
  it('no filtered read or deletion scans a whole table', () => {
    const db = new Database(':memory:');
    migrateSqlite(db);
    const statements = prepareStatements(db);
    const filtered = [
      ...Object.entries(statements)
        .filter(([, statement]) => /^\s*(SELECT|DELETE)/i.test(statement.source))
        .map(([name, statement]) => [name, statement.source]),
      ['stats by collection', statsSql(true, '?')],
      ['stats over a window', statsFromTotalsSql(false, false, q)],
      ['stats by collection over a window', statsFromTotalsSql(true, false, q)],
      ['stats by key', statsFromTotalsSql(false, true, q)],
      ['stats by collection and key', statsFromTotalsSql(true, true, q)],
      ['stats by key over all time', keyStatsSql(false, q)],
      ['stats by key and collection over all time', keyStatsSql(true, q)],
      ['records by collection', recordsSql(true, false, q)],
      ['records by model', recordsSql(false, true, q)],
      ['records by collection and model', recordsSql(true, true, q)],
      ...(['alias', 'keyName'] as const).flatMap((by) => [
        [`a week's series by ${by}`, seriesSql({ from: 0, to: 1, bucketMs: 3_600_000, by }, q).sql],
        [`a week's series by ${by}, one collection`, seriesSql({ from: 0, to: 1, bucketMs: 3_600_000, by, collection: 'c' }, q).sql],
      ]),
      ...guided.map((filter) => [`the hours of ${JSON.stringify(filter)}`, hoursSql(guideOf(filter)!, 0, 1, 50, q).sql]),
      // A window of the hours the roll-ups name: a range of the time index.
      ...guided.map((filter) => [`calls of ${JSON.stringify(filter)}, one window`, queryCallsSql({ ...filter, from: 0, to: 1 }, undefined, 50, q).sql]),
      ['calls of one purpose', queryCallsSql({ purpose: 'shadow' }, undefined, 50, q).sql],
      ["panels' first seats", queryCallsSql({ firstSeat: true }, undefined, 50, q).sql],
    ];
    const scans = filtered.flatMap(([name, sql]) =>
      // A scan of json_each walks the list of ids passed in, not a table.
      plan(db, sql as string).flatMap((detail) => (/^SCAN (?!CONSTANT|json_each VIRTUAL TABLE)/.test(detail) ? [`${name}: ${detail}`] : [])),
    );
    expect(scans).toEqual([]);
    expect(filtered.map(([name]) => name)).toEqual(expect.arrayContaining(['oldCalls', 'deleteOldTurns', 'pageFirst', 'pageAfter', 'getCall', 'getTurns']));
    db.close();
  });
});
