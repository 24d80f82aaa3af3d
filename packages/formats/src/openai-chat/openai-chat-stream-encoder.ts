import type { FormatStreamOptions, StreamEncoder } from '../codec';
import type { FinishEvent, StartEvent, StreamEvent } from '../neutral/stream-event';
import { formatOpenAIChatFinishReason } from './map-openai-chat-finish-reason';
import { formatOpenAIChatUsage } from './map-openai-chat-usage';
import { openAIErrorObject } from './openai-chat-error';
import { flatToolName } from '../shared/tool-names';

const DONE = 'data: [DONE]\n\n';
const OPEN_DELTA = ',"choices":[{"index":0,"delta":';
const CLOSE_DELTA = ',"logprobs":null,"finish_reason":null}]}\n\n';

/**
 * Neutral events → `chat.completion.chunk` events as the openai SDK reads them:
 * a role chunk first, deltas, a finish_reason chunk, the usage chunk when the
 * request asked (`stream_options.include_usage`), `finish.extra` on the last
 * chunk, then `[DONE]`. Strings are built directly: this runs per token.
 */
export class OpenAIChatStreamEncoder implements StreamEncoder {
  private head: string | undefined;
  private ended = false;
  /** Each tool call's index (made at the first tool call: a held stream of text keeps no empty Map). */
  private toolIndex: Map<string, number> | undefined;
  private id: string;
  private model: string;
  private created: number | undefined;

  constructor(private readonly options: FormatStreamOptions = {}) {
    this.id = options.id ?? 'chatcmpl-bench';
    this.model = options.model ?? options.request?.model ?? '';
  }

  encode(event: StreamEvent): string {
    if (this.ended) return '';
    switch (event.type) {
      case 'start':
        return this.open(event);
      case 'text-delta':
        return event.text ? this.open() + this.chunk(`{"content":${JSON.stringify(event.text)}}`) : '';
      case 'reasoning-delta':
        // Redacted reasoning is ciphertext and signatures have no field here: neither is readable reasoning_content.
        if (event.redacted || !event.text) return '';
        return this.open() + this.chunk(`{"reasoning_content":${JSON.stringify(event.text)}}`);
      case 'tool-call-start': {
        this.toolIndex ??= new Map();
        const index = this.toolIndex.size;
        this.toolIndex.set(event.id, index);
        return (
          this.open() +
          this.chunk(
            `{"tool_calls":[{"index":${index},"id":${JSON.stringify(event.id)},"type":"function","function":{"name":${JSON.stringify(flatToolName(event.name, event.namespace))},"arguments":""}}]}`,
          )
        );
      }
      case 'tool-call-delta': {
        const index = this.toolIndex?.get(event.id);
        if (index === undefined || !event.argumentsDelta) return '';
        return this.open() + this.chunk(`{"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(event.argumentsDelta)}}}]}`);
      }
      case 'tool-call-end':
        return '';
      case 'finish':
        return this.open() + this.finish(event);
      case 'error':
        this.ended = true;
        return `data: ${JSON.stringify({ error: openAIErrorObject(event.error) })}\n\n`;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  end(): string {
    if (this.ended) return '';
    this.ended = true;
    const error = openAIErrorObject({ kind: 'upstream', message: 'The reply stream ended before the model finished; the answer is incomplete.' });
    return `data: ${JSON.stringify({ error })}\n\n`;
  }

  /** The role chunk, once, before anything else (it also fixes id, model and created). */
  private open(start?: StartEvent): string {
    if (this.head !== undefined) return '';
    if (start?.id) this.id = start.id;
    if (start?.model) this.model = start.model;
    this.created = start?.created ?? Math.floor(Date.now() / 1000);
    this.head = `data: {"id":${JSON.stringify(this.id)},"object":"chat.completion.chunk","created":${this.created},"model":${JSON.stringify(this.model)}`;
    return this.chunk('{"role":"assistant","content":""}');
  }

  private chunk(delta: string): string {
    return this.head + OPEN_DELTA + delta + CLOSE_DELTA;
  }

  private finish(event: FinishEvent): string {
    this.ended = true;
    const reason = formatOpenAIChatFinishReason(event.reason, event.rawReason);
    const choice: Record<string, unknown> = { index: 0, delta: {}, logprobs: null, finish_reason: reason };
    // vLLM's and SGLang's field for the matched stop string (OpenAI's own API has none).
    if (event.stopSequence !== undefined) choice.stop_reason = event.stopSequence;
    const choices = [choice];
    // Literals with the spread last: Node 20 builds `{ ...base, key }` on a slow path.
    const { id, created, model } = this;
    const object = 'chat.completion.chunk';
    let out = '';
    if (this.options.request?.streamUsage && event.usage) {
      out += `data: ${JSON.stringify({ id, object, created, model, choices })}\n\n`;
      const usageChunk = { id, object, created, model, choices: [], usage: formatOpenAIChatUsage(event.usage), ...event.extra };
      out += `data: ${JSON.stringify(usageChunk)}\n\n`;
    } else {
      out += `data: ${JSON.stringify({ id, object, created, model, choices, ...event.extra })}\n\n`;
    }
    return out + DONE;
  }
}
