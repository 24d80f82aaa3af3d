import type { ModelListing } from './neutral/model-listing';
import type { UpstreamTokenCount } from './upstream-token-count';

/**
 * What a protocol is on the wire besides its bodies: where its routes live,
 * how keys travel, how its callers name models, how it lists them. A gateway
 * reads these instead of switching on the protocol's name, so that a new
 * protocol is a codec the compiler makes fill them in.
 */
export interface CodecWire {
  /** Path prefixes of its routes (`/v1/messages`): an unknown path under one is answered in this protocol's error shape. */
  readonly pathPrefixes: readonly string[];
  /** Request headers its callers send a key in, lower case, as its SDKs do (`authorization` carries `Bearer <key>`). */
  readonly keyHeaders: readonly string[];
  /** A query parameter its callers may send a key in (Gemini's `?key=`). */
  readonly keyQuery?: string;
  /** The headers one of its providers expects with a key (and any version header it requires). */
  upstreamAuthHeaders(apiKey: string | undefined): Record<string, string>;
  /** The request field that carries the output budget, as this body names it, for an error that names it. */
  outputBudgetField(body: unknown): string;
  /** The model listing in this protocol's shape. */
  formatModelList(models: readonly ModelListing[]): Record<string, unknown>;
  /** How its callers name models: Gemini paths name collections bare; Ollama clients add `:latest`. */
  readonly modelNames: { readonly bareCollections?: boolean; readonly latestTag?: boolean };
  /** Its replies name the member that answered (as OpenAI names the snapshot behind an alias); the others echo the name asked for. */
  readonly repliesNameMember: boolean;
  /** Its callers send a reply's reasoning back, signed (Anthropic, Responses); for the others a gateway keeps it between tool steps. */
  readonly carriesReasoning: boolean;
  /** Its requests carry documents (file parts): Ollama's do not, so a member there is no choice for a request with one. */
  readonly carriesFiles: boolean;
  /** Takes every reasoning control out of one of its request bodies (for a model that does not reason); what was taken, by name. */
  takeOutReasoningControls(body: Record<string, unknown>): string[];
  /** How its providers count a request's input tokens (Anthropic's count_tokens, Gemini's countTokens, Responses' input_tokens), or undefined where its API has no such call. */
  readonly tokenCount: UpstreamTokenCount | undefined;
}
