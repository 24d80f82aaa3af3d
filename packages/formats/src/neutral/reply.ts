import type { AssistantContentPart, Extra } from './content';
import type { FinishReason } from './finish-reason';
import type { Usage } from './usage';

/** One whole (non-streamed) reply in the neutral model. */
export interface NeutralReply {
  id: string;
  model: string;
  /** Unix seconds. */
  created?: number;
  content: AssistantContentPart[];
  finishReason: FinishReason;
  /** The provider's own finish reason, where it had one (`end_turn`, `MAX_TOKENS`, …). */
  rawFinishReason?: string;
  /** The stop sequence that ended the reply, where the provider said (Anthropic `stop_sequence`, vLLM `stop_reason`). */
  stopSequence?: string;
  usage?: Usage;
  /** Top-level fields: unmapped ones from the parsed reply, or fields to add (the gateway's `bench`). */
  extra?: Extra;
}
