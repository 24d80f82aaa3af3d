import type { Sums } from '../totals';

/** Figures per time bucket and model, or bucket and key: hourly buckets and longer read the running totals, shorter ones the calls. */
export interface SeriesQuery {
  /** Epoch ms: the first bucket's start. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** A minute, or whole hours. */
  bucketMs: number;
  /** One series per model (`alias`) or per key (`keyName`). */
  by: 'alias' | 'keyName';
  collection?: string;
}

export type SeriesSums = Omit<Sums, 'lastUsed'>;

export interface SeriesRow {
  /** The bucket's start. */
  bucket: number;
  /** The model, or the key (null for calls made without one). */
  name: string | null;
  sums: SeriesSums;
}
