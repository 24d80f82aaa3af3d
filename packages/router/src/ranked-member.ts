/** Where one member stands in the order for a new conversation, and why. */
export interface RankedMember {
  alias: string;
  /** 1-based place in the order a new conversation would get. */
  place: number;
  /** Which record was read: on the request's shape, the model's whole record (the shape has none), or none. */
  record: 'shape' | 'whole' | 'none';
  useful: number;
  notUseful: number;
  /** `order: "learned"`: this plan's Thompson draw from Beta(1 + useful, 1 + notUseful). */
  sample?: number;
  /** Rotation moved it first (its record is the oldest). */
  rotated?: true;
  /** Cooling down (rate limited, circuit open): tried last. */
  cooling?: true;
  /** In words, e.g. `4 useful verdicts on code` or `drew 0.71 from Beta(5, 2) on code`. */
  why: string;
}
