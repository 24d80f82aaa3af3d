import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { geminiCodec } from '../gemini/gemini-codec';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from '../openai-responses/openai-responses-codec';
import { isBase64 } from './base64';

function issueOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (InvalidRequestError.isInstance(error)) return error.message;
    throw error;
  }
  return 'no error';
}

const weather = { type: 'object', properties: { city: { type: 'string' } } };

describe('isBase64', () => {
  it.each([
    ['AAAA', true],
    ['iVBORw0KGgo=', true],
    ['iVBORw0KGgo', true],
    ['', false],
    ['%%%not-base64%%%', false],
    ['AAAA AAAA', false],
    ['data:image/png;base64,AAAA', false],
    ['A', false],
  ])('%j → %s', (text, expected) => {
    expect(isBase64(text)).toBe(expected);
  });
});

describe('image data that is not base64 is refused at the field', () => {
  it.each([
    [
      'openai-chat',
      () =>
        openaiChatCodec.parseRequest({
          model: 'm',
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,%%%' } }] }],
        }),
      /^messages\[0\]\.content\[0\]\.image_url\.url: expected base64/,
    ],
    [
      'openai-responses',
      () =>
        openaiResponsesCodec.parseRequest({
          model: 'm',
          input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png;base64,%%%' }] }],
        }),
      /^input\[0\]\.content\[0\]\.image_url: expected base64/,
    ],
    [
      'anthropic',
      () =>
        anthropicCodec.parseRequest({
          model: 'm',
          max_tokens: 5,
          messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: '%%%' } }] }],
        }),
      /^messages\[0\]\.content\[0\]\.source\.data: expected base64/,
    ],
    [
      'gemini',
      () => geminiCodec.parseRequest({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: '%%%' } }] }] }, { model: 'm' }),
      /^contents\[0\]\.parts\[0\]\.inlineData\.data: expected base64/,
    ],
  ])('%s', (_protocol, parse, expected) => {
    expect(issueOf(parse)).toMatch(expected);
  });
});

describe('a tool choice naming no defined tool is refused', () => {
  it.each([
    [
      'openai-chat',
      () =>
        openaiChatCodec.parseRequest({
          model: 'm',
          messages: [{ role: 'user', content: 'x' }],
          tools: [{ type: 'function', function: { name: 'get_weather', parameters: weather } }],
          tool_choice: { type: 'function', function: { name: 'nope' } },
        }),
      'tool_choice.function.name: names tool "nope", which is not defined; expected one of get_weather',
    ],
    [
      'openai-responses',
      () =>
        openaiResponsesCodec.parseRequest({
          model: 'm',
          input: 'x',
          tools: [{ type: 'function', name: 'get_weather', parameters: weather }],
          tool_choice: { type: 'function', name: 'nope' },
        }),
      'tool_choice.name: names tool "nope", which is not defined; expected one of get_weather',
    ],
    [
      'anthropic',
      () =>
        anthropicCodec.parseRequest({
          model: 'm',
          max_tokens: 5,
          messages: [{ role: 'user', content: 'x' }],
          tools: [{ name: 'get_weather', input_schema: weather }],
          tool_choice: { type: 'tool', name: 'nope' },
        }),
      'tool_choice.name: names tool "nope", which is not defined; expected one of get_weather',
    ],
  ])('%s', (_protocol, parse, expected) => {
    expect(issueOf(parse)).toBe(expected);
  });

  it('accepts one that names a defined tool', () => {
    const request = anthropicCodec.parseRequest({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ name: 'get_weather', input_schema: weather }],
      tool_choice: { type: 'tool', name: 'get_weather' },
    });
    expect(request.toolChoice).toEqual({ type: 'tool', name: 'get_weather' });
  });
});
