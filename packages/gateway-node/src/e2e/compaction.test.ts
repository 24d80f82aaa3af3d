import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { useTestGateway } from './test-gateway';

// Codex compacts a long conversation through the gateway: m4 is an Anthropic member, m1 an OpenAI Chat one.
const { t, sdks } = useTestGateway();

const SUMMARY = 'Task: rename `a` to `b` across src/. Done: src/a.ts (tests pass). Next: src/b.ts, then run `pnpm test`.';

const parameters = { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] };
const tools: OpenAI.Responses.Tool[] = [{ type: 'function', name: 'exec_command', description: 'Runs a command.', strict: false, parameters }];

/** A Codex conversation so far: its request, a tool call and its output, the model's answer. */
const history: OpenAI.Responses.ResponseInputItem[] = [
  { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Rename a to b across src/.' }] },
  { type: 'function_call', call_id: 'call_1', name: 'exec_command', arguments: '{"cmd":"sed -i s/a/b/ src/a.ts"}' },
  { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
  { type: 'message', role: 'assistant', content: 'src/a.ts is done.' },
];

function lastBody(upstream: string): any {
  return t().upstream.requestsFor(upstream).at(-1)!.body;
}

describe('Codex compaction through the gateway', () => {
  it('POST /v1/responses/compact (the openai SDK): the member writes the summary, the reply is the user messages then a compaction', async () => {
    t().upstream.script('up-4', { answer: { text: SUMMARY, usage: { inputTokens: 900, outputTokens: 60 } } });
    const compacted = await sdks().openai.responses.compact({ model: 'm4', input: history, instructions: 'You are Codex.' });
    expect(compacted.object).toBe('response.compaction');
    expect(compacted.output).toEqual([
      history[0],
      expect.objectContaining({ type: 'compaction', encrypted_content: expect.stringMatching(/^bench-compaction\.v1\./) }),
    ]);
    expect(compacted.usage).toMatchObject({ input_tokens: 900, output_tokens: 60 });
    const asked = lastBody('up-4');
    expect(JSON.stringify(asked.messages.at(-1))).toContain('handoff summary');
    expect(asked.messages.some((message: any) => JSON.stringify(message).includes('tool_use'))).toBe(true);
  });

  it('the compaction goes back in the next turn, to a member of any protocol, as the summary in a user message', async () => {
    t().upstream.script('up-4', { answer: { text: SUMMARY } });
    const compacted = await sdks().openai.responses.compact({ model: 'm4', input: history });
    t().upstream.script('up-1', { answer: { text: 'Now src/b.ts.' } });
    const next = await sdks().openai.responses.create({
      model: 'm1',
      input: [...(compacted.output as unknown as OpenAI.Responses.ResponseInputItem[]), { type: 'message', role: 'user', content: 'go on' }],
    });
    expect(next.output_text).toBe('Now src/b.ts.');
    const messages = lastBody('up-1').messages as Array<{ role: string; content: unknown }>;
    expect(messages.map((message) => message.role)).toEqual(['user', 'user', 'user']);
    expect(JSON.stringify(messages[1])).toContain('src/b.ts, then run `pnpm test`');
  });

  it('a compaction_trigger as the last input item, streamed (remote compaction v2): one compaction output item; the tools stay declared, none may be called', async () => {
    t().upstream.script('up-4', { answer: { text: SUMMARY } });
    const input = [...history, { type: 'compaction_trigger' } as unknown as OpenAI.Responses.ResponseInputItem];
    const stream = sdks().openai.responses.stream({ model: 'm4', input, tools });
    const seen: string[] = [];
    stream.on('event', (event) => seen.push(event.type));
    const response = await stream.finalResponse();
    expect(response.output).toEqual([expect.objectContaining({ type: 'compaction', encrypted_content: expect.stringMatching(/^bench-compaction\.v1\./) })]);
    expect(seen).toEqual(['response.created', 'response.output_item.added', 'response.output_item.done', 'response.completed']);
    const asked = lastBody('up-4');
    expect(asked.tool_choice).toEqual({ type: 'none' });
    expect(asked.tools).toEqual([expect.objectContaining({ name: 'exec_command' })]);
    expect(JSON.stringify(asked)).not.toContain('compaction_trigger');
  });

  it('not streamed: the response with the compaction as its one output item', async () => {
    t().upstream.script('up-1', { answer: { text: SUMMARY } });
    const input = [...history, { type: 'compaction_trigger' } as unknown as OpenAI.Responses.ResponseInputItem];
    const response = await sdks().openai.responses.create({ model: 'm1', input });
    expect(response.output).toEqual([expect.objectContaining({ type: 'compaction' })]);
    expect((response as any).bench).toMatchObject({ reply: 'route', alias: 'm1' });
  });

  it('a member that writes no summary: a 502 in the Responses shape, and the turn still in the ledger', async () => {
    t().upstream.script('up-1', { answer: { toolCalls: [{ name: 'exec_command', arguments: '{"cmd":"ls"}' }] } });
    const reply = await postJSON(`${t().url}/v1/responses/compact`, { model: 'm1', input: history });
    expect(reply.status).toBe(502);
    expect(reply.json.error.message).toContain('wrote no summary');
    const conversation = reply.headers.get('x-bench-conversation');
    await t().gateway.ledger.flush();
    let text = '';
    for await (const chunk of t().gateway.ledger.exportCalls({ format: 'jsonl' })) text += chunk;
    const calls = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { unit: string });
    expect(calls.filter((call) => call.unit === conversation).at(-1)).toMatchObject({ alias: 'm1', status: 'ok', toolCalls: 1 });
  });
});
