import type { Sums } from '../totals';

/** Figures per time bucket, model and key: hourly buckets and longer read the running totals, shorter ones the calls. */
export interface SeriesQuery {
  /** Epoch ms: the first bucket's start. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** A minute, or whole hours. */
  bucketMs: number;
  collection?: string;
}

export type SeriesSums = Omit<Sums, 'lastUsed'>;

export interface SeriesRow {
  /** The bucket's start. */
  bucket: number;
  alias: string;
  /** Null for calls made without a key. */
  keyName: string | null;
  sums: SeriesSums;
}
