import { describe, expect, it } from 'vitest';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { anthropicCodec } from './anthropic-codec';

const chat = (sampling: Record<string, number>) => openaiChatCodec.parseRequest({ model: 'x', messages: [{ role: 'user', content: 'hi' }], ...sampling });

describe('temperature and top_p toward Anthropic', () => {
  it('a translated request with both keeps the temperature and leaves top_p out, with a warning', () => {
    const formatted = anthropicCodec.formatRequest(chat({ temperature: 0.3, top_p: 0.9 }));
    expect(formatted.body.temperature).toBe(0.3);
    expect(formatted.body).not.toHaveProperty('top_p');
    expect(formatted.warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'topP', message: expect.stringContaining('not both') }));
  });

  it('either one alone goes as sent', () => {
    expect(anthropicCodec.formatRequest(chat({ top_p: 0.9 })).body.top_p).toBe(0.9);
    expect(anthropicCodec.formatRequest(chat({ temperature: 0.3 })).body.temperature).toBe(0.3);
  });

  it("an Anthropic client's own request goes as it sent it", () => {
    const body = { model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], temperature: 0.3, top_p: 0.9 };
    expect(anthropicCodec.formatRequest(anthropicCodec.parseRequest(body)).body).toMatchObject({ temperature: 0.3, top_p: 0.9 });
  });
});
