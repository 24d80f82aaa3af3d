import type { Extra } from './content';
import type { FinishReason } from './finish-reason';
import type { NeutralError } from './neutral-error';
import type { Protocol } from './protocol';
import type { Usage } from './usage';

export interface StartEvent {
  type: 'start';
  id?: string;
  model?: string;
  /** Unix seconds. */
  created?: number;
}

export interface TextDeltaEvent {
  type: 'text-delta';
  text: string;
}

export interface ReasoningDeltaEvent {
  type: 'reasoning-delta';
  text: string;
  /** Anthropic signature_delta / Gemini thoughtSignature, usually on the reasoning's last delta. */
  signature?: string;
  /** The protocol whose provider wrote the signature. */
  signatureFrom?: Protocol;
  /** Reasoning the provider returned only encrypted (Anthropic redacted_thinking: its `data`). */
  redacted?: boolean;
}

export interface ToolCallStartEvent {
  type: 'tool-call-start';
  id: string;
  name: string;
  /** The namespace of the tool called, where it is in one. */
  namespace?: string;
  /** A call of a freeform tool: its arguments are `{"input": <the text>}`. */
  freeform?: boolean;
}

export interface ToolCallDeltaEvent {
  type: 'tool-call-delta';
  id: string;
  argumentsDelta: string;
}

export interface ToolCallEndEvent {
  type: 'tool-call-end';
  id: string;
}

export interface FinishEvent {
  type: 'finish';
  reason: FinishReason;
  rawReason?: string;
  /** The stop sequence that ended the reply, where the provider said (Anthropic `stop_sequence`, vLLM `stop_reason`). */
  stopSequence?: string;
  usage?: Usage;
  /** Fields written as they are onto the stream's last data event (the gateway's `bench`). */
  extra?: Extra;
}

export interface ErrorEvent {
  type: 'error';
  error: NeutralError;
}

/**
 * The one stream-event union every codec parses into and formats from.
 * Order: start, then any mix of deltas (a tool call's deltas between its start
 * and end), then finish — or error, which also ends the stream.
 */
export type StreamEvent =
  | StartEvent
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | FinishEvent
  | ErrorEvent;

export type StreamEventType = StreamEvent['type'];

/** True for the events that count as the model's first piece of output. */
export function isOutputEvent(event: StreamEvent): boolean {
  return event.type === 'text-delta' || event.type === 'reasoning-delta' || event.type === 'tool-call-start';
}
