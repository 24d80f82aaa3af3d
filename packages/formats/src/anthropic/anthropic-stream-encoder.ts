import type { FormatStreamOptions, StreamEncoder } from '../codec';
import type { NeutralError } from '../neutral/neutral-error';
import type { FinishEvent, ReasoningDeltaEvent, StreamEvent } from '../neutral/stream-event';
import { signatureFor } from '../shared/signature-provenance';
import { anthropicErrorBody } from './anthropic-error';
import { stopToAnthropic } from './map-anthropic-finish-reason';
import { usageToAnthropic } from './map-anthropic-usage';
import { flatToolName } from '../shared/tool-names';

/** Anthropic's keep-alive: the `ping` event. */
export const ANTHROPIC_PING = 'event: ping\ndata: {"type":"ping"}\n\n';

type BlockKind = 'text' | 'thinking' | 'tool';

function frame(event: string, data: string): string {
  return 'event: ' + event + '\ndata: ' + data + '\n\n';
}

function blockDelta(index: number, delta: string): string {
  return frame('content_block_delta', '{"type":"content_block_delta","index":' + index + ',"delta":' + delta + '}');
}

/**
 * Neutral events → Anthropic's SSE sequence: message_start, then content blocks
 * (a new block whenever the kind of delta changes; a thinking block's signature
 * as signature_delta before its content_block_stop), message_delta, message_stop.
 */
class AnthropicStreamEncoder implements StreamEncoder {
  private started = false;
  private done = false;
  private next = 0;
  private open = -1;
  private openKind: BlockKind | undefined;
  private openToolId: string | undefined;
  private signature: string | undefined;
  /** Each tool call's block index (made at the first tool call: a held stream of text keeps no empty Map). */
  private toolIndex: Map<string, number> | undefined;

  constructor(private readonly options: FormatStreamOptions = {}) {}

  encode(event: StreamEvent): string {
    if (this.done) return '';
    switch (event.type) {
      case 'start':
        return this.start(event.id, event.model);
      case 'text-delta': {
        let out = this.ensureStarted();
        if (this.openKind !== 'text') out += this.openBlock('text', '{"type":"text","text":""}');
        if (event.text) out += blockDelta(this.open, '{"type":"text_delta","text":' + JSON.stringify(event.text) + '}');
        return out;
      }
      case 'reasoning-delta':
        return this.ensureStarted() + this.reasoning(event);
      case 'tool-call-start': {
        const out =
          this.ensureStarted() +
          this.openBlock(
            'tool',
            '{"type":"tool_use","id":' + JSON.stringify(event.id) + ',"name":' + JSON.stringify(flatToolName(event.name, event.namespace)) + ',"input":{}}',
          );
        this.openToolId = event.id;
        (this.toolIndex ??= new Map()).set(event.id, this.open);
        return out;
      }
      case 'tool-call-delta': {
        const index = this.toolIndex?.get(event.id);
        if (index === undefined || !event.argumentsDelta) return '';
        return blockDelta(index, '{"type":"input_json_delta","partial_json":' + JSON.stringify(event.argumentsDelta) + '}');
      }
      case 'tool-call-end':
        return this.openKind === 'tool' && this.openToolId === event.id ? this.closeBlock() : '';
      case 'finish':
        return this.finish(event);
      case 'error':
        return this.error(event.error);
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  end(): string {
    if (this.done) return '';
    return this.error({ kind: 'upstream', message: 'the stream ended before the reply was complete' });
  }

  private start(id: string | undefined, model: string | undefined): string {
    if (this.started) return '';
    this.started = true;
    const message = {
      id: id ?? this.options.id ?? 'msg_bench',
      type: 'message',
      role: 'assistant',
      model: model ?? this.options.model ?? this.options.request?.model ?? '',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    };
    return frame('message_start', '{"type":"message_start","message":' + JSON.stringify(message) + '}');
  }

  private ensureStarted(): string {
    return this.started ? '' : this.start(undefined, undefined);
  }

  private reasoning(event: ReasoningDeltaEvent): string {
    let out = '';
    const signature = event.signature === undefined ? undefined : signatureFor('anthropic', event.signature, event.signatureFrom);
    if (event.redacted) {
      out += this.openBlock('thinking', '{"type":"redacted_thinking","data":' + JSON.stringify(signature ?? '') + '}');
      return out + this.closeBlock();
    }
    // A signature ends a thinking block: more thinking after it is a new block.
    if (this.openKind !== 'thinking' || (this.signature !== undefined && event.text)) {
      out += this.openBlock('thinking', '{"type":"thinking","thinking":"","signature":""}');
    }
    if (event.text) out += blockDelta(this.open, '{"type":"thinking_delta","thinking":' + JSON.stringify(event.text) + '}');
    if (signature !== undefined) this.signature = signature;
    return out;
  }

  private openBlock(kind: BlockKind, block: string): string {
    const out = this.closeBlock();
    this.open = this.next++;
    this.openKind = kind;
    return out + frame('content_block_start', '{"type":"content_block_start","index":' + this.open + ',"content_block":' + block + '}');
  }

  private closeBlock(): string {
    if (this.openKind === undefined) return '';
    let out = '';
    if (this.openKind === 'thinking' && this.signature !== undefined) {
      out += blockDelta(this.open, '{"type":"signature_delta","signature":' + JSON.stringify(this.signature) + '}');
    }
    out += frame('content_block_stop', '{"type":"content_block_stop","index":' + this.open + '}');
    this.openKind = undefined;
    this.openToolId = undefined;
    this.signature = undefined;
    return out;
  }

  private finish(event: FinishEvent): string {
    let out = this.ensureStarted() + this.closeBlock();
    this.done = true;
    const delta = stopToAnthropic(event.reason, event.rawReason, event.stopSequence);
    out += frame(
      'message_delta',
      '{"type":"message_delta","delta":' + JSON.stringify(delta) + ',"usage":' + JSON.stringify(usageToAnthropic(event.usage)) + '}',
    );
    if (!event.extra) return out + frame('message_stop', '{"type":"message_stop"}');
    const stop: Record<string, unknown> = { type: 'message_stop', ...event.extra };
    stop.type = 'message_stop';
    return out + frame('message_stop', JSON.stringify(stop));
  }

  private error(error: NeutralError): string {
    this.done = true;
    return frame('error', JSON.stringify(anthropicErrorBody(error)));
  }
}

export function createAnthropicStreamEncoder(options?: FormatStreamOptions): StreamEncoder {
  return new AnthropicStreamEncoder(options);
}
