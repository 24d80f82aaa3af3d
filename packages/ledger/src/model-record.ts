/** A model's record on one shape (or across every shape): what the choices read. */
export interface ShapeRecord {
  /** The shape; null for the whole record across shapes. */
  shape: string | null;
  calls: number;
  /** Distinct panels/conversations in which some call on this model got a useful verdict. */
  useful: number;
  /** Distinct panels/conversations with a verdict on this model and none of them useful. */
  notUseful: number;
  /** Calls whose status is neither `ok` nor `aborted`. */
  failures: number;
  /** Mean seconds to the first piece over the calls that measured it; null if none did. */
  firstTokenSeconds: number | null;
  /** Mean seconds a call took over the calls that measured it; null if none did. */
  seconds: number | null;
  /** Sum of known costs, in the price's currency. */
  cost: number;
  /** Epoch milliseconds of the latest call, null if none. */
  lastUsed: number | null;
}

/** One model's record per shape and as a whole. */
export interface ModelRecord {
  alias: string;
  /** The collection these figures cover; null when they cover every collection and bare-alias calls. */
  collection: string | null;
  /** Across every shape. */
  whole: ShapeRecord;
  /** One per shape the model has calls on, by shape name. */
  shapes: ShapeRecord[];
}

export interface RecordsQuery {
  /** Only this collection's calls; every call when absent. */
  collection?: string;
  /** Only this model. */
  alias?: string;
}

/** A call's shape when the gateway gives none. */
export const DEFAULT_SHAPE = 'general';
