import { wireToolName } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

// m1 is an OpenAI Chat member, m5 a Gemini one, m4 an Anthropic one.
const { t, sdks } = useTestGateway();

/** A Claude Code MCP tool past OpenAI's 64 characters, as Claude Code names and sends it. */
const LONG = 'mcp__plugin_chrome-devtools-mcp_chrome-devtools__get_console_message_by_id';
const inputSchema = { type: 'object' as const, properties: { id: { type: 'string' } }, required: ['id'] };

describe('tool names a member would refuse are sent as one it takes, and the client gets its own back', () => {
  it.each([
    ['m1', 'up-1', 'openai-chat'],
    ['m5', 'up-5', 'gemini'],
  ] as const)(
    'Claude Code (Anthropic SDK) with a 74-character MCP tool, on %s: the call, streamed and not, and the next turn',
    async (model, upstream, protocol) => {
      const wire = wireToolName(protocol, LONG, undefined);
      expect(wire.length).toBeLessThanOrEqual(64);
      const tools = [{ name: LONG, description: 'Reads a console message.', input_schema: inputSchema }];
      t().upstream.script(upstream, { answer: { toolCalls: [{ id: 'call_1', name: wire, arguments: '{"id":"7"}' }] } });
      const reply = await sdks().anthropic.messages.create({ model, max_tokens: 200, tools, messages: [{ role: 'user', content: 'read message 7' }] });
      expect(reply.content).toEqual([expect.objectContaining({ type: 'tool_use', name: LONG, input: { id: '7' } })]);
      expect(JSON.stringify(t().upstream.requestsFor(upstream).at(-1)!.body)).not.toContain(LONG);

      t().upstream.script(upstream, { answer: { toolCalls: [{ id: 'call_2', name: wire, arguments: '{"id":"8"}' }] } });
      const streamed = await sdks()
        .anthropic.messages.stream({ model, max_tokens: 200, tools, messages: [{ role: 'user', content: 'read message 8' }] })
        .finalMessage();
      expect(streamed.content).toEqual([expect.objectContaining({ type: 'tool_use', name: LONG })]);

      t().upstream.script(upstream, { answer: { text: 'It says hello.' } });
      await sdks().anthropic.messages.create({
        model,
        max_tokens: 200,
        tools,
        messages: [
          { role: 'user', content: 'read message 7' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: LONG, input: { id: '7' } }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'hello' }] },
        ],
      });
      const sent = JSON.stringify(t().upstream.requestsFor(upstream).at(-1)!.body);
      expect(sent).not.toContain(LONG);
      expect(sent.split(`"${wire}"`).length - 1).toBeGreaterThanOrEqual(2); // declared, and the earlier call (and Gemini's result)
    },
  );

  it('a dotted name (Gemini CLI MCP tools) to an Anthropic member', async () => {
    const dotted = 'github.search_issues';
    const wire = wireToolName('anthropic', dotted, undefined);
    t().upstream.script('up-4', { answer: { toolCalls: [{ id: 'call_1', name: wire, arguments: '{"q":"bug"}' }] } });
    const reply = await sdks().gemini.models.generateContent({
      model: 'm4',
      contents: 'find bugs',
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: dotted, description: 'Searches issues.', parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } } },
            ],
          },
        ],
      },
    });
    expect(reply.functionCalls).toEqual([expect.objectContaining({ name: dotted, args: { q: 'bug' } })]);
    expect((t().upstream.requestsFor('up-4').at(-1)!.body as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toEqual([wire]);
  });
});
