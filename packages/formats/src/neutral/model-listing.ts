/** One name a caller may call, as a model listing shows it in any protocol. */
export interface ModelListing {
  /** The name to call: `bench/core`, `bench/core:merged`, a model alias. */
  id: string;
  /** The name without bench's prefix (`core:merged`), as Gemini and Ollama list it. */
  name: string;
  kind: 'collection' | 'model';
  /** The reply mode the name calls (`all`, `merged`, `route`). */
  reply: string;
  description: string;
  contextWindow?: number;
  maxOutput?: number;
}
