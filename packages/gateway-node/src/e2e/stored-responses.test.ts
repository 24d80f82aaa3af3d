import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { KEYS, startKeyedGateway } from './keyed-gateway';
import { useTestGateway } from './test-gateway';

// OpenAI's Responses API keeps what it answered (unless `store: false`): `GET /v1/responses/{id}` reads it back,
// `DELETE` forgets it. The gateway keeps it too, whichever member answered.
const { t, sdks } = useTestGateway();
const tools = [
  {
    type: 'function' as const,
    name: 'read',
    description: 'Reads a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
    strict: false,
  },
];

describe('GET /v1/responses/{id}', () => {
  it('answers a response as it was created: output, usage, model, and the request fields a response echoes', async () => {
    t().upstream.script('up-1', { answer: { text: 'Hello Ada.', usage: { inputTokens: 11, outputTokens: 3 } } });
    const created = await sdks().openai.responses.create({
      model: 'bench/agents',
      instructions: 'Be brief.',
      input: 'My name is Ada.',
      temperature: 0.2,
      max_output_tokens: 300,
      tools,
    });
    const retrieved = await sdks().openai.responses.retrieve(created.id);
    expect(retrieved.output_text).toBe('Hello Ada.');
    for (const field of [
      'id',
      'object',
      'created_at',
      'status',
      'model',
      'output',
      'usage',
      'instructions',
      'temperature',
      'max_output_tokens',
      'tools',
      'tool_choice',
      'previous_response_id',
    ] as const) {
      expect(retrieved[field], field).toEqual(created[field]);
    }
    expect(retrieved).toMatchObject({ instructions: 'Be brief.', temperature: 0.2, max_output_tokens: 300, usage: { input_tokens: 11, output_tokens: 3 } });
    expect(retrieved.tools).toEqual([expect.objectContaining({ type: 'function', name: 'read', description: 'Reads a file.' })]);
  });

  it('answers a streamed response with what its stream completed with, and a tool call with its call id', async () => {
    t().upstream.script('up-1', { answer: { text: 'Reading it.', toolCalls: [{ name: 'read', arguments: '{"path":"a.txt"}' }] } });
    const stream = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Read a.txt.', tools, stream: true });
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) if (event.type === 'response.completed') completed = event.response;
    const retrieved = await sdks().openai.responses.retrieve(completed!.id);
    expect(retrieved.output).toEqual(completed!.output);
    expect(retrieved.output.map((item) => item.type)).toEqual(['message', 'function_call']);
    expect(retrieved.usage).toEqual(completed!.usage);
    expect(retrieved.model).toBe(completed!.model);
  });

  it('names the response a turn continued, and answers a merged panel’s response', async () => {
    for (const upstream of ['up-1', 'up-2', 'up-3']) t().upstream.script(upstream, { answer: { text: `${upstream} thinks Paris.` } });
    const merged = await sdks().openai.responses.create({ model: 'bench/core:merged', input: 'Capital of France?' });
    t().upstream.script('up-1', { answer: { text: 'Yes, Paris.' } });
    const next = await sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: merged.id, input: 'Sure?' });
    const [first, second] = await Promise.all([sdks().openai.responses.retrieve(merged.id), sdks().openai.responses.retrieve(next.id)]);
    expect(first.output_text).toBe(merged.output_text);
    expect(first.model).toBe(merged.model);
    expect(first.previous_response_id).toBeNull();
    expect(second.output_text).toBe('Yes, Paris.');
    expect(second.previous_response_id).toBe(merged.id);
  });

  it('answers 404 in OpenAI’s shape for an id it does not have or one whose request said store: false, and 400 for stream=true', async () => {
    t().upstream.script('up-1', { answer: { text: 'not kept' } });
    const unkept = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Do not keep this.', store: false });
    for (const id of ['resp_nowhere', unkept.id, 'r'.repeat(5000), 'compact']) {
      await expect(sdks().openai.responses.retrieve(id)).rejects.toMatchObject({
        status: 404,
        message: expect.stringContaining('bench keeps a response for 24 h'),
      });
    }
    const raw = await fetch(`${t().url}/v1/responses/resp_nowhere`);
    expect(raw.status).toBe(404);
    expect(await raw.json()).toMatchObject({ error: { type: expect.any(String), message: expect.stringContaining('no response "resp_nowhere" here') } });

    t().upstream.script('up-1', { answer: { text: 'kept' } });
    const kept = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Keep this.' });
    const streamed = await fetch(`${t().url}/v1/responses/${kept.id}?stream=true`);
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toMatchObject({ error: { param: 'stream', message: expect.stringContaining('no stream to resume') } });
  });
});

describe('DELETE /v1/responses/{id}', () => {
  it('forgets a response: retrieving it is a 404, continuing it (or a turn that continued it) a 400', async () => {
    t().upstream.script('up-1', { answer: { text: 'Noted.' } });
    const first = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Remember 7.' });
    t().upstream.script('up-1', { answer: { text: 'Still noted.' } });
    const second = await sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: first.id, input: 'And?' });

    const deleted = await fetch(`${t().url}/v1/responses/${first.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: first.id, object: 'response', deleted: true });
    await expect(sdks().openai.responses.retrieve(first.id)).rejects.toMatchObject({ status: 404 });
    await expect(sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: first.id, input: 'Go on.' })).rejects.toMatchObject({
      status: 400,
      param: 'previous_response_id',
    });
    await expect(sdks().openai.responses.create({ model: 'bench/agents', previous_response_id: second.id, input: 'Go on.' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(`continues "${first.id}", which is no longer here`),
    });
    expect((await sdks().openai.responses.retrieve(second.id)).output_text).toBe('Still noted.'); // the turn itself is still kept
  });

  it('is what the official SDK calls, and a second delete is a 404', async () => {
    t().upstream.script('up-1', { answer: { text: 'Short-lived.' } });
    const created = await sdks().openai.responses.create({ model: 'bench/agents', input: 'Hi.' });
    await sdks().openai.responses.delete(created.id);
    await expect(sdks().openai.responses.delete(created.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('stored responses with keys', () => {
  it('are the key’s own: another key can neither read nor delete them', async () => {
    const keyed = await startKeyedGateway();
    try {
      const as = (key: string) => new OpenAI({ apiKey: key, baseURL: `${keyed.url}/v1`, maxRetries: 0 });
      keyed.upstream.script('up-1', { answer: { text: 'Secret noted.' } });
      const created = await as(KEYS.alice).responses.create({ model: 'bench/core:route', input: 'My secret is 42.' });
      await expect(as(KEYS.root).responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
      await expect(as(KEYS.root).responses.delete(created.id)).rejects.toMatchObject({ status: 404 });
      expect((await as(KEYS.alice).responses.retrieve(created.id)).output_text).toBe('Secret noted.');
      const unkeyed = await fetch(`${keyed.url}/v1/responses/${created.id}`, { method: 'DELETE' });
      expect(unkeyed.status).toBe(401);
      await as(KEYS.alice).responses.delete(created.id);
      await expect(as(KEYS.alice).responses.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
    } finally {
      await keyed.close();
    }
  });
});
