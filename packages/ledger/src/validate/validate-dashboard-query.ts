import { CALL_PURPOSES } from '../call-record';
import type { CallQuery } from '../dashboard/call-query';
import type { ConversationQuery } from '../dashboard/conversation-summary';
import type { SeriesQuery } from '../dashboard/series';
import { LedgerInputError } from '../errors/ledger-input-error';
import { HOUR_MS } from '../totals';
import { describe, optionalString, requireObject } from './fields';

/** A page holds at most this many rows. */
export const MAX_PAGE = 500;
export const DEFAULT_PAGE = 50;
const MINUTE_MS = 60_000;

function optionalTime(value: unknown, field: string): void {
  if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) {
    throw new LedgerInputError(field, `must be epoch milliseconds (a whole number ≥ 0), got ${describe(value)}`);
  }
}

function optionalBoolean(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== 'boolean') throw new LedgerInputError(field, `must be true or false when present, got ${describe(value)}`);
}

function checkPage(query: Record<string, unknown>): void {
  optionalTime(query.from, 'query.from');
  optionalTime(query.to, 'query.to');
  if (typeof query.from === 'number' && typeof query.to === 'number' && query.from > query.to) {
    throw new LedgerInputError('query.from', `is after query.to (${query.from} > ${query.to})`);
  }
  const limit = query.limit;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_PAGE)) {
    throw new LedgerInputError('query.limit', `must be a whole number from 1 to ${MAX_PAGE}, got ${describe(limit)}`);
  }
  if (query.cursor !== undefined) {
    const cursor = requireObject(query.cursor, 'query.cursor');
    optionalTime(cursor.time, 'query.cursor.time');
    if (typeof cursor.time !== 'number' || typeof cursor.id !== 'string') {
      throw new LedgerInputError('query.cursor', 'must be { time, id } from the previous page');
    }
  }
  optionalString(query.collection, 'query.collection');
}

/** Checks a calls query; throws `LedgerInputError` naming the bad field. */
export function validateCallQuery(value: unknown): CallQuery {
  const query = requireObject(value, 'query');
  checkPage(query);
  for (const field of ['alias', 'keyName', 'status', 'panelMember'] as const) optionalString(query[field], `query.${field}`);
  optionalBoolean(query.panelJudged, 'query.panelJudged');
  if (query.purpose !== undefined && !CALL_PURPOSES.includes(query.purpose as never)) {
    throw new LedgerInputError('query.purpose', `must be one of ${CALL_PURPOSES.join(', ')}, got ${describe(query.purpose)}`);
  }
  return query as CallQuery;
}

/** Checks a conversations query; throws `LedgerInputError` naming the bad field. */
export function validateConversationQuery(value: unknown): ConversationQuery {
  const query = requireObject(value, 'query');
  checkPage(query);
  for (const field of ['model', 'keyName'] as const) optionalString(query[field], `query.${field}`);
  optionalBoolean(query.judged, 'query.judged');
  return query as ConversationQuery;
}

/** Checks a series query: a range, and buckets of a minute or of whole hours. */
export function validateSeriesQuery(value: unknown): SeriesQuery {
  const query = requireObject(value, 'query');
  optionalTime(query.from, 'query.from');
  optionalTime(query.to, 'query.to');
  if (typeof query.from !== 'number' || typeof query.to !== 'number' || query.from > query.to) {
    throw new LedgerInputError('query.from', 'must be given with query.to, and not after it');
  }
  const bucket = query.bucketMs;
  if (bucket !== MINUTE_MS && !(Number.isSafeInteger(bucket) && (bucket as number) > 0 && (bucket as number) % HOUR_MS === 0)) {
    throw new LedgerInputError('query.bucketMs', `must be a minute (60000) or whole hours, got ${describe(bucket)}`);
  }
  if (bucket !== MINUTE_MS && (query.from as number) % HOUR_MS !== 0) {
    throw new LedgerInputError('query.from', 'must fall on a whole UTC hour for buckets of hours (the running totals are kept per hour)');
  }
  if (query.by !== 'alias' && query.by !== 'keyName') throw new LedgerInputError('query.by', `must be "alias" or "keyName", got ${describe(query.by)}`);
  optionalString(query.collection, 'query.collection');
  return query as unknown as SeriesQuery;
}
