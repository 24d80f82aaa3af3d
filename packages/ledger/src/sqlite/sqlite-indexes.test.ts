import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CallFilter } from '../dashboard/call-query';
import { guideOf, hoursSql } from '../sql/calls-guide';
import { queryCallsSql } from '../sql/call-query-sql';
import { seriesSql } from '../sql/series-sql';
import { statsSql } from '../sql/stats-row';
import { keyStatsSql, recordsSql, statsFromTotalsSql } from '../sql/totals-sql';
import { listConversationsSql } from '../sql/conversation-sql';
import { migrateSqlite } from './sqlite-migrate';
import { openSqlite } from './open-sqlite';
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

const cursor = { time: 1, id: 'c' };
/** The conversations list's filters on a model or a key: each walks its facet's rows (see dashboard/conversation-facets.ts). */
const LISTS: Array<[string, string]> = [
  ['conversations of a model', listConversationsSql({ model: 'm' }, undefined, 50, q).sql],
  ['conversations of a key, paged', listConversationsSql({ keyName: 'k' }, cursor, 50, q).sql],
  [
    'conversations of a key and a model in a collection, a week',
    listConversationsSql({ keyName: 'k', model: 'm', collection: 'c', from: 0, to: 1 }, cursor, 50, q).sql,
  ],
  ['conversations of a model with a verdict', listConversationsSql({ model: 'm', judged: true }, undefined, 50, q).sql],
  // The panels list's member filter walks panel_members (see sql/panel-members-sql.ts).
  ['panels of a member', queryCallsSql({ firstSeat: true, panelMember: 'm' }, undefined, 50, q).sql],
  ['panels of a member and a key, paged', queryCallsSql({ firstSeat: true, panelMember: 'm', keyName: 'k', from: 0, to: 1 }, cursor, 50, q).sql],
];

describe('every filter stats, export, the API and retention read by is indexed', () => {
  it('no filtered read or deletion scans a whole table', () => {
    const db = openSqlite(':memory:'); // with the store's pragmas: no automatic indexes
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
        [`the last hour's series by ${by}, by the minute`, seriesSql({ from: 0, to: 1, bucketMs: 60_000, by }, q, true).sql],
        [`the last hour's series by ${by}, by the minute, one collection`, seriesSql({ from: 0, to: 1, bucketMs: 60_000, by, collection: 'c' }, q, true).sql],
      ]),
      ...guided.map((filter) => [`the hours of ${JSON.stringify(filter)}`, hoursSql(guideOf(filter)!, 0, 1, 50, q).sql]),
      // A window of the hours the roll-ups name: a range of the time index.
      ...guided.map((filter) => [`calls of ${JSON.stringify(filter)}, one window`, queryCallsSql({ ...filter, from: 0, to: 1 }, undefined, 50, q).sql]),
      ['calls of one purpose', queryCallsSql({ purpose: 'shadow' }, undefined, 50, q).sql],
      ["panels' first seats", queryCallsSql({ firstSeat: true }, undefined, 50, q).sql],
      ...LISTS.map(([name, sql]) => [name, sql]),
    ];
    const scans = filtered.flatMap(([name, sql]) =>
      // A scan of json_each walks the list of ids passed in, not a table.
      // An automatic index is a scan too: built from the whole table each time the statement runs.
      plan(db, sql as string).flatMap((detail) => (/^SCAN (?!CONSTANT|json_each VIRTUAL TABLE)|AUTOMATIC/.test(detail) ? [`${name}: ${detail}`] : [])),
    );
    expect(scans).toEqual([]);
    expect(filtered.map(([name]) => name)).toEqual(
      expect.arrayContaining(['oldCalls', 'deleteOldTurns', 'pageCalls', 'getCall', 'getTurns', 'dropRefusalIds']),
    );
    db.close();
  });

  it("an export's page seeks the (time, id) index to its cursor, not to the range's start", () => {
    const db = openSqlite(':memory:');
    migrateSqlite(db);
    // Bounded by the range's start only, each page walked every call before its cursor again: a day's export slowed
    // down page after page (quadratic in the calls of the range).
    expect(plan(db, prepareStatements(db).pageCalls.source)).toEqual(['SEARCH calls USING INDEX calls_time ((time,id)>(?,?) AND time<?)']);
    db.close();
  });

  it("the panels' member filter reads each panel by its key range on a ledger of a million calls (its statistics)", () => {
    const db = openSqlite(':memory:');
    migrateSqlite(db);
    // What ANALYZE wrote for the dashboard benchmark's ledger: planned on them, SQLite preferred building an index on
    // the calls' alias for each query (over a second) to the range of the panel's ids.
    db.exec(`ANALYZE; DELETE FROM sqlite_stat1; INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
      ('calls', 'calls_purpose', '1000000 250000 1 1'), ('calls', 'calls_time', '1000000 1 1'),
      ('calls', 'sqlite_autoindex_calls_1', '1000000 1'), ('verdicts', 'sqlite_autoindex_verdicts_1', '50000 1'); ANALYZE sqlite_schema`);
    const member = plan(db, queryCallsSql({ firstSeat: true, panelMember: 'm' }, undefined, 50, q).sql);
    expect(member).toEqual(expect.arrayContaining([expect.stringMatching(/^SEARCH m .*sqlite_autoindex_calls_1 \(id>\? AND id<\?\)/)]));
    db.close();
  });

  it('a filtered list is read in its order from an index, not gathered whole and sorted', () => {
    const db = openSqlite(':memory:');
    migrateSqlite(db);
    const sorts = LISTS.flatMap(([name, sql]) => plan(db, sql).flatMap((detail) => (/TEMP B-TREE/.test(detail) ? [`${name}: ${detail}`] : [])));
    expect(sorts).toEqual([]);
    db.close();
  });
});
