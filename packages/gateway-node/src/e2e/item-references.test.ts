import { createOpenAI } from '@ai-sdk/openai';
import OpenAI from 'openai';
import { generateText, stepCountIs, tool, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { capturingFetch } from './sdk-clients';
import { useTestGateway } from './test-gateway';

// The AI SDK's OpenAI Responses provider, with `store` on (its default), sends an earlier answer's text and reasoning
// back as `{type: "item_reference", id}`, trusting the server to hold them. The gateway holds them, so a member of any
// protocol gets the conversation whole (before, it got the caller's questions without the answers).
const { t } = useTestGateway();
const sent = () =>
  t().upstream.requestsFor('up-1').at(-1)?.body as { messages: Array<{ role: string; content: unknown; reasoning_content?: string; tool_calls?: unknown[] }> };

function responsesModel() {
  const captured = capturingFetch();
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return captured.fetch(input, init);
  };
  return { model: createOpenAI({ baseURL: `${t().url}/v1`, apiKey: 'unused', fetch }).responses('bench/agents'), bodies };
}

describe('item_reference input items (the AI SDK with store on)', () => {
  it('are replaced by the items they name: the member gets the earlier answer and its reasoning', async () => {
    const { model, bodies } = responsesModel();
    t().upstream.script('up-1', { answer: { reasoning: 'She said Ada.', text: 'Hello Ada.' } });
    const first = await generateText({ model, prompt: 'My name is Ada.', maxRetries: 0 });
    t().upstream.script('up-1', { answer: { text: 'You are Ada.' } });
    const messages: ModelMessage[] = [{ role: 'user', content: 'My name is Ada.' }, ...first.response.messages, { role: 'user', content: 'What is my name?' }];
    const second = await generateText({ model, messages, maxRetries: 0 });
    expect(second.text).toBe('You are Ada.');

    const input = (bodies.at(-1) as { input: Array<{ type?: string }> }).input;
    expect(input.filter((item) => item.type === 'item_reference')).toHaveLength(2); // the SDK did send references
    const history = sent().messages;
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(history[1]).toMatchObject({ content: 'Hello Ada.', reasoning_content: 'She said Ada.' });
  });

  it('carry a tool loop through: the call and its reasoning stay in place before the result', async () => {
    const { model } = responsesModel();
    t().upstream.script('up-1', [
      { answer: { reasoning: 'Look first.', text: 'Checking.', toolCalls: [{ name: 'weather', arguments: '{"city":"Oslo"}' }] } },
      { answer: { text: 'Snow in Oslo.' } },
    ]);
    const result = await generateText({
      model,
      prompt: 'Weather in Oslo?',
      tools: { weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => `snow in ${city}` }) },
      stopWhen: stepCountIs(2),
      maxRetries: 0,
    });
    expect(result.text).toBe('Snow in Oslo.');
    const history = sent().messages;
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(history[1]).toMatchObject({
      content: 'Checking.',
      reasoning_content: 'Look first.',
      tool_calls: [expect.objectContaining({ function: expect.objectContaining({ name: 'weather' }) })],
    });
  });

  it('naming an item bench does not hold is a 400 naming the item; an id of another server’s is left for the member', async () => {
    const post = (input: unknown[]) =>
      fetch(`${t().url}/v1/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench/agents', input }),
      });
    const gone = await post([
      { role: 'user', content: 'hi' },
      { type: 'item_reference', id: 'msg_r0gone00000000000000000_0' },
      { role: 'user', content: 'and?' },
    ]);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({
      error: { param: 'input[1].id', message: expect.stringContaining('no item "msg_r0gone00000000000000000_0" here') },
    });
    for (const id of [42, '', 'x'.repeat(300)]) {
      const bad = await post([
        { type: 'item_reference', id },
        { role: 'user', content: 'hi' },
      ]);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: { param: 'input[0].id' } });
    }
    t().upstream.script('up-1', { answer: { text: 'fine' } });
    const foreign = await post([
      { role: 'user', content: 'hi' },
      { type: 'item_reference', id: 'msg_68af2c1e9f5c8190a0b6d1a0c' },
      { role: 'user', content: 'and?' },
    ]);
    expect(foreign.status).toBe(200);
  });

  it('naming an item already in the conversation previous_response_id continues is a 400, as OpenAI answers it', async () => {
    const openai = new OpenAI({ baseURL: `${t().url}/v1`, apiKey: 'unused', maxRetries: 0 });
    t().upstream.script('up-1', [{ answer: { text: 'One.' } }, { answer: { text: 'Two.' } }, { answer: { text: 'Three.' } }]);
    const first = await openai.responses.create({ model: 'bench/agents', input: 'Count.' });
    const second = await openai.responses.create({ model: 'bench/agents', previous_response_id: first.id, input: 'Go on.' });
    const reference = { type: 'item_reference' as const, id: first.output[0]!.id! };
    const twice = openai.responses.create({ model: 'bench/agents', previous_response_id: second.id, input: [reference, { role: 'user', content: 'And?' }] });
    await expect(twice).rejects.toMatchObject({
      status: 400,
      param: 'input',
      message: expect.stringContaining(`"${reference.id}" names an item already in the conversation`),
    });
    // The same reference beside a chain it is not part of is the item itself.
    const other = await openai.responses.create({ model: 'bench/agents', input: 'Elsewhere.' });
    await openai.responses.create({ model: 'bench/agents', previous_response_id: other.id, input: [reference, { role: 'user', content: 'And?' }] });
    expect(JSON.stringify(sent().messages)).toContain('One.');
  });
});
