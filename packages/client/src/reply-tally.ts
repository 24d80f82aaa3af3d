import type { FinishReason, StreamEvent, ToolCallPart, Usage } from '@bench/formats';
import type { ClientError } from './errors/client-error';

interface ToolCallTally {
  id: string;
  name: string;
  namespace: string | undefined;
  freeform: boolean;
  args: string[];
}

/** What one attempt's events add up to, kept as they pass. */
export class ReplyTally {
  private readonly textParts: string[] = [];
  private readonly reasoningParts: string[] = [];
  private readonly calls = new Map<string, ToolCallTally>();
  usage: Usage | undefined;
  finishReason: FinishReason | undefined;
  rawFinishReason: string | undefined;
  error: ClientError | undefined;
  /** `performance.now()` of the first piece. */
  firstPieceAt: number | undefined;

  add(event: StreamEvent): void {
    switch (event.type) {
      case 'text-delta':
        this.textParts.push(event.text);
        break;
      case 'reasoning-delta':
        this.reasoningParts.push(event.text);
        break;
      case 'tool-call-start':
        this.calls.set(event.id, { id: event.id, name: event.name, namespace: event.namespace, freeform: event.freeform === true, args: [] });
        break;
      case 'tool-call-delta':
        this.calls.get(event.id)?.args.push(event.argumentsDelta);
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
    this.textParts.length = 0;
    this.reasoningParts.length = 0;
    this.calls.clear();
  }

  /** Whether a tool call was started (its arguments may be cut part way: a reply that cannot be continued). */
  get hasToolCalls(): boolean {
    return this.calls.size > 0;
  }

  get text(): string {
    return this.textParts.join('');
  }

  get reasoning(): string {
    return this.reasoningParts.join('');
  }

  get toolCalls(): ToolCallPart[] {
    return [...this.calls.values()].map((call) => ({
      type: 'tool-call',
      id: call.id,
      name: call.name,
      ...(call.namespace !== undefined ? { namespace: call.namespace } : {}),
      ...(call.freeform ? { freeform: true } : {}),
      arguments: call.args.join(''),
    }));
  }
}
