import type { FinishReason, StreamEvent, ToolCallPart, Usage } from '@bench/formats';
import type { ClientError } from './errors/client-error';
import { TextPieces } from './text-pieces';

interface ToolCallTally {
  id: string;
  name: string;
  namespace: string | undefined;
  freeform: boolean;
  args: TextPieces;
}

/** What one attempt's events add up to, kept as they pass. */
export class ReplyTally {
  // The answer's text as the client saw it, kept only here: what a continuation repeats, the transcript and the
  // ledger's count read it (the route turn keeps no copy of a stream's text unless it stores the reply).
  private readonly textParts = new TextPieces();
  private readonly reasoningParts = new TextPieces();
  /** Tool calls by id (made at the first one: a held stream of text keeps no empty Map). */
  private calls: Map<string, ToolCallTally> | undefined;
  usage: Usage | undefined;
  finishReason: FinishReason | undefined;
  rawFinishReason: string | undefined;
  error: ClientError | undefined;
  /** `performance.now()` of the first piece. */
  firstPieceAt: number | undefined;

  add(event: StreamEvent): void {
    switch (event.type) {
      case 'text-delta':
        this.textParts.add(event.text);
        break;
      case 'reasoning-delta':
        this.reasoningParts.add(event.text);
        break;
      case 'tool-call-start':
        (this.calls ??= new Map()).set(event.id, {
          id: event.id,
          name: event.name,
          namespace: event.namespace,
          freeform: event.freeform === true,
          args: new TextPieces(),
        });
        break;
      case 'tool-call-delta':
        this.calls?.get(event.id)?.args.add(event.argumentsDelta);
        break;
      case 'finish':
        this.finishReason = event.reason;
        this.rawFinishReason = event.rawReason;
        this.usage = event.usage;
        break;
      case 'start':
      case 'tool-call-end':
      case 'error':
        break;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  /** Forgets the text, reasoning and tool calls added so far (a continuation's held-back start, before its splice is passed instead). */
  restart(): void {
    this.textParts.clear();
    this.reasoningParts.clear();
    this.calls = undefined;
  }

  /** Whether a tool call was started (its arguments may be cut part way: a reply that cannot be continued). */
  get hasToolCalls(): boolean {
    return this.calls !== undefined && this.calls.size > 0;
  }

  get text(): string {
    return this.textParts.toString();
  }

  get reasoning(): string {
    return this.reasoningParts.toString();
  }

  get toolCalls(): ToolCallPart[] {
    if (this.calls === undefined) return [];
    return [...this.calls.values()].map((call) => ({
      type: 'tool-call',
      id: call.id,
      name: call.name,
      ...(call.namespace !== undefined ? { namespace: call.namespace } : {}),
      ...(call.freeform ? { freeform: true } : {}),
      arguments: call.args.toString(),
    }));
  }
}
