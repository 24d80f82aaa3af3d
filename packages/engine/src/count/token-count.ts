/** How a count was made: the member's own API, a real tokenizer for its model family, or bench's estimate (the last resort). */
export type TokenCountMethod = 'upstream' | 'tokenizer' | 'estimate';

/** A request's input tokens, for the member it would go to. */
export interface TokenCount {
  tokens: number;
  method: TokenCountMethod;
  /** The member counted for (absent when the name reaches no member that can take the request). */
  alias?: string;
}
