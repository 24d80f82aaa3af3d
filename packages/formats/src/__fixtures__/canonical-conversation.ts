import type { Protocol } from '../neutral/protocol';
import type { NeutralRequest } from '../neutral/request';

/** A 1×1 transparent PNG. */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * The conversation every codec's `__fixtures__/canonical-request.json` writes
 * in its own wire shape, and which the 25-pair matrix sends through every
 * protocol pair: a system prompt, text, an image, reasoning with a signature,
 * a tool call, a tool result, and tool definitions Gemini must simplify.
 */
export const canonicalConversation: NeutralRequest = {
  model: 'test-model',
  system: [{ type: 'text', text: 'You are a careful weather assistant.' }],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is the weather where this photo was taken?' },
        { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'The photo shows Paris; I should look up its weather.', signature: 'sig-abc123' },
        { type: 'text', text: 'Let me check the weather in Paris.' },
        { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          callId: 'call_1',
          name: 'get_weather',
          content: [{ type: 'text', text: '18 degrees and sunny' }],
        },
      ],
    },
    { role: 'user', content: [{ type: 'text', text: 'Thanks. And tomorrow?' }] },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather for a city',
      inputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name' },
          unit: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null] },
        },
        required: ['city'],
        additionalProperties: false,
      },
    },
  ],
  toolChoice: { type: 'auto' },
  maxOutputTokens: 1024,
  temperature: 0.5,
  topP: 0.9,
  stop: ['END'],
  stream: false,
  extra: {},
};

/** The request with each signed reasoning part marked as `protocol`'s: how a codec reads signatures its own callers send. */
export function signedBy<T extends Pick<NeutralRequest, 'messages'>>(request: T, protocol: Protocol): T {
  return {
    ...request,
    messages: request.messages.map((message) => ({
      ...message,
      content: message.content.map((part) => (part.type === 'reasoning' && part.signature !== undefined ? { ...part, signatureFrom: protocol } : part)),
    })) as NeutralRequest['messages'],
  };
}
