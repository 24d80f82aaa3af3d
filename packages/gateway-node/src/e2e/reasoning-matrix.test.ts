import type { Protocol } from '@bench/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startEveryUpstreamGateway, UPSTREAM_ALIAS, UPSTREAM_MODEL } from './every-upstream';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

beforeAll(async () => {
  t = await startEveryUpstreamGateway();
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

/** The reasoning and the answer a client read, in its protocol's own rendering. */
async function reasoningAndText(client: Protocol, model: string, stream: boolean): Promise<{ reasoning: string; text: string }> {
  switch (client) {
    case 'openai-chat': {
      if (!stream) {
        const message = (await sdks.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'think' }] })).choices[0]!.message as any;
        return { reasoning: message.reasoning_content ?? '', text: message.content ?? '' };
      }
      let reasoning = '';
      let text = '';
      for await (const chunk of await sdks.openai.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'think' }] })) {
        reasoning += (chunk.choices[0]?.delta as any)?.reasoning_content ?? '';
        text += chunk.choices[0]?.delta.content ?? '';
      }
      return { reasoning, text };
    }
    case 'openai-responses': {
      const reply = stream
        ? await sdks.openai.responses.stream({ model, input: 'think' }).finalResponse()
        : await sdks.openai.responses.create({ model, input: 'think' });
      const reasoning = reply.output
        .flatMap((item) => (item.type === 'reasoning' ? [...(item.content ?? []).map((part) => part.text), ...item.summary.map((part) => part.text)] : []))
        .join('');
      // The stream helper's finalResponse() has no output_text convenience: read the message items.
      const text = reply.output
        .flatMap((item) => (item.type === 'message' ? item.content.map((part) => (part.type === 'output_text' ? part.text : '')) : []))
        .join('');
      return { reasoning, text };
    }
    case 'anthropic': {
      const params = { model, max_tokens: 2048, messages: [{ role: 'user' as const, content: 'think' }] };
      const reply = stream ? await sdks.anthropic.messages.stream(params).finalMessage() : await sdks.anthropic.messages.create(params);
      return {
        reasoning: reply.content.map((block) => (block.type === 'thinking' ? block.thinking : '')).join(''),
        text: reply.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
      };
    }
    case 'gemini': {
      const chunks = stream ? [] : [await sdks.gemini.models.generateContent({ model, contents: 'think' })];
      if (stream) for await (const chunk of await sdks.gemini.models.generateContentStream({ model, contents: 'think' })) chunks.push(chunk);
      const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
      return {
        reasoning: parts
          .filter((part) => part.thought)
          .map((part) => part.text ?? '')
          .join(''),
        text: parts
          .filter((part) => !part.thought)
          .map((part) => part.text ?? '')
          .join(''),
      };
    }
    case 'ollama': {
      if (!stream) {
        const reply = await sdks.ollama.chat({ model, stream: false, messages: [{ role: 'user', content: 'think' }] });
        return { reasoning: reply.message.thinking ?? '', text: reply.message.content };
      }
      let reasoning = '';
      let text = '';
      for await (const part of await sdks.ollama.chat({ model, stream: true, messages: [{ role: 'user', content: 'think' }] })) {
        reasoning += part.message.thinking ?? '';
        text += part.message.content;
      }
      return { reasoning, text };
    }
  }
}

const cases = SDK_PROTOCOLS.flatMap((client) => SDK_PROTOCOLS.flatMap((upstream) => [false, true].map((stream) => ({ client, upstream, stream }))));

describe('reasoning from every upstream protocol, rendered in every client protocol', () => {
  it.each(cases)('$client client, $upstream upstream, stream $stream', async ({ client, upstream, stream }) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], { answer: { reasoning: ['First, ', 'Lyon is in France.'], text: ['Yes', ', France.'] } });
    expect(await reasoningAndText(client, UPSTREAM_ALIAS[upstream], stream)).toEqual({ reasoning: 'First, Lyon is in France.', text: 'Yes, France.' });
  });
});
