import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic-codec';
import { usageFromAnthropic, usageToAnthropic } from './map-anthropic-usage';

// Claude Code with ENABLE_PROMPT_CACHING_1H: its cache writes last an hour, at twice the input price instead of 1.25 times.
const wire = {
  input_tokens: 50,
  output_tokens: 7,
  cache_read_input_tokens: 9000,
  cache_creation_input_tokens: 1000,
  cache_creation: { ephemeral_5m_input_tokens: 200, ephemeral_1h_input_tokens: 800 },
};

describe('Anthropic usage with the cache writes split by lifetime', () => {
  it('reads the hour-long part of the cache writes', () => {
    expect(usageFromAnthropic(wire)).toEqual({ inputTokens: 10050, outputTokens: 7, cachedInputTokens: 9000, cacheWriteTokens: 1000, cacheWrite1hTokens: 800 });
  });

  it('writes it back, 5-minute and hour-long writes apart', () => {
    expect(usageToAnthropic(usageFromAnthropic(wire))).toEqual(wire);
    expect(usageToAnthropic({ inputTokens: 10, cacheWriteTokens: 4 })).not.toHaveProperty('cache_creation');
  });

  it('reads it from a stream, where message_start carries it', () => {
    const decoder = anthropicCodec.createStreamDecoder();
    const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const events = [
      ...decoder.push(
        sse('message_start', { message: { id: 'm', type: 'message', role: 'assistant', model: 'c', content: [], usage: { ...wire, output_tokens: 1 } } }),
      ),
      ...decoder.push(sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } })),
      ...decoder.push(sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'hi' } })),
      ...decoder.push(sse('content_block_stop', { index: 0 })),
      ...decoder.push(sse('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 7 } })),
      ...decoder.push(sse('message_stop', {})),
    ];
    expect(events.at(-1)).toMatchObject({ type: 'finish', usage: { cacheWriteTokens: 1000, cacheWrite1hTokens: 800, outputTokens: 7 } });
  });
});
