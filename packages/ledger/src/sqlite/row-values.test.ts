import { describe, expect, it } from 'vitest';
import { type CallRow, callToRow } from '../sql/call-row';
import { type TurnRow, turnToRow } from '../sql/turn-row';
import { call } from '../test-support/fixtures';
import { toCallRecord } from '../to-call-record';
import { toTurnRecord } from '../to-turn-record';
import { CALL_COLUMNS, callRowValues, TURN_COLUMNS, turnRowValues } from './row-values';

/** Every column a value of its own, so that two swapped columns show. */
function distinct<T extends object>(row: T): T {
  return Object.fromEntries(Object.keys(row).map((column) => [column, `value of ${column}`])) as T;
}

describe('positional row values', () => {
  it('lists every call column once, and the values in that order', () => {
    const row = distinct(callToRow(toCallRecord(call('p1.1'), 1, undefined)) as CallRow);
    expect([...CALL_COLUMNS].sort()).toEqual(Object.keys(row).sort());
    expect(callRowValues(row)).toEqual(CALL_COLUMNS.map((column) => row[column]));
  });

  it('lists every turn column once, and the values in that order', () => {
    const row = distinct(turnToRow(toTurnRecord({ conversation: 'c1', turn: 1, alias: 'm1', status: 'ok' }, 1)) as TurnRow);
    expect([...TURN_COLUMNS].sort()).toEqual(Object.keys(row).sort());
    expect(turnRowValues(row)).toEqual(TURN_COLUMNS.map((column) => row[column]));
  });
});
