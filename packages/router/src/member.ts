/** A collection member: the model's alias and what the catalog knows of it. */
export interface Member {
  alias: string;
  /** Tokens the model reads and writes in one call. */
  contextWindow: number;
  /** The most output tokens the model writes in one call. */
  maxOutput: number;
  /** Tool calling; undefined means the catalog does not know (excluded when the request has tools). */
  tools?: boolean;
  /** Image input; undefined means the catalog does not know (excluded when the request has images). */
  vision?: boolean;
  /** False when the member cannot be sent documents (its protocol carries none: Ollama); otherwise `vision` decides. */
  documents?: boolean;
  /** `vision`: a vision specialist, picked only for requests with images. */
  role?: 'vision';
  /** Never picked automatically (still callable by its own alias). */
  adHoc?: boolean;
  retired?: { at: string; why: string };
  /** A paid-for connection: preferred when records and scores tie. */
  paid?: boolean;
  /** An external score (higher is better), used when useful verdicts tie. */
  score?: number;
}

/** A route collection as the router sees it. */
export interface Collection {
  name: string;
  members: readonly Member[];
}
