import type { AssistantContentPart, ReasoningPart, TextPart, ToolCallPart } from './neutral/content';
import type { FinishReason } from './neutral/finish-reason';
import type { NeutralError } from './neutral/neutral-error';
import type { NeutralReply } from './neutral/reply';
import type { StreamEvent } from './neutral/stream-event';
import type { Usage } from './neutral/usage';

/**
 * Builds a whole reply from stream events, keeping what a reply needs that a
 * plain transcript would lose: reasoning signatures, the order of text,
 * reasoning and tool-call parts, and each tool call's streamed arguments.
 * Given `keepText: false`, its text parts stay empty (where they are, not
 * what they say): for a stream whose text is kept elsewhere and not needed
 * here.
 */
export class ReplyAccumulator {
  private readonly keepText: boolean;
  private readonly content: AssistantContentPart[] = [];
  /** Tool calls still taking arguments (made at the first tool call: a held stream of text keeps no empty Map). */
  private openCalls: Map<string, ToolCallPart> | undefined;
  private id: string | undefined;
  private model: string | undefined;
  private created: number | undefined;
  finishReason: FinishReason | undefined;
  rawFinishReason: string | undefined;
  stopSequence: string | undefined;
  usage: Usage | undefined;
  error: NeutralError | undefined;

  constructor(options: { keepText?: boolean } = {}) {
    this.keepText = options.keepText !== false;
  }

  add(event: StreamEvent): void {
    switch (event.type) {
      case 'start':
        this.id ??= event.id;
        this.model ??= event.model;
        this.created ??= event.created;
        return;
      case 'text-delta': {
        const last = this.content.at(-1);
        const text = this.keepText ? event.text : '';
        if (last?.type === 'text') last.text += text;
        else this.content.push({ type: 'text', text } satisfies TextPart);
        return;
      }
      case 'reasoning-delta': {
        const last = this.content.at(-1);
        const reasoning: ReasoningPart =
          last?.type === 'reasoning' && !last.signature && !!last.redacted === !!event.redacted
            ? last
            : (this.content[this.content.push({ type: 'reasoning', text: '', ...(event.redacted ? { redacted: true } : {}) }) - 1] as ReasoningPart);
        reasoning.text += event.text;
        if (event.signature) reasoning.signature = (reasoning.signature ?? '') + event.signature;
        if (event.signatureFrom) reasoning.signatureFrom = event.signatureFrom;
        return;
      }
      case 'tool-call-start': {
        const call: ToolCallPart = { type: 'tool-call', id: event.id, name: event.name, arguments: '' };
        if (event.namespace !== undefined) call.namespace = event.namespace;
        if (event.freeform) call.freeform = true;
        (this.openCalls ??= new Map()).set(event.id, call);
        this.content.push(call);
        return;
      }
      case 'tool-call-delta': {
        const call = this.openCalls?.get(event.id);
        if (call) call.arguments += event.argumentsDelta;
        return;
      }
      case 'tool-call-end': {
        const call = this.openCalls?.get(event.id);
        if (call && call.arguments === '') call.arguments = '{}';
        this.openCalls?.delete(event.id);
        return;
      }
      case 'finish':
        this.finishReason = event.reason;
        this.rawFinishReason = event.rawReason;
        this.stopSequence = event.stopSequence;
        this.usage = event.usage;
        return;
      case 'error':
        this.error = event.error;
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  /** True once anything the model wrote has arrived. */
  get hasOutput(): boolean {
    return this.content.length > 0;
  }

  toolCallCount(): number {
    return this.content.filter((part) => part.type === 'tool-call').length;
  }

  /** The reply so far; `defaults` fill what no start event said. */
  toReply(defaults: { id: string; model: string }): NeutralReply {
    return {
      id: this.id ?? defaults.id,
      model: this.model ?? defaults.model,
      ...(this.created !== undefined ? { created: this.created } : {}),
      content: this.content,
      finishReason: this.finishReason ?? (this.error ? 'error' : 'other'),
      ...(this.rawFinishReason ? { rawFinishReason: this.rawFinishReason } : {}),
      ...(this.stopSequence !== undefined ? { stopSequence: this.stopSequence } : {}),
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }
}
