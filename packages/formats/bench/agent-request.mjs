// A realistic ~200 KB agent request in Anthropic Messages form: 40 tools with
// 2020-12 JSON Schemas, 60 messages alternating tool calls and tool results,
// as Claude Code sends them.
const words = 'the quick brown fox jumps over a lazy dog while reading files and running tests in the repository'.split(' ');
const prose = (n, seed) => Array.from({ length: n }, (_, i) => words[(i * 7 + seed) % words.length]).join(' ');

function tool(i) {
  return {
    name: `tool_${i}`,
    description: prose(60, i),
    input_schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        path: { type: 'string', description: prose(12, i + 1) },
        limit: { type: 'integer', minimum: 1, description: prose(8, i + 2) },
        mode: { type: 'string', enum: ['read', 'write', 'append'] },
        options: { type: 'object', properties: { recursive: { type: 'boolean' }, depth: { type: ['integer', 'null'] } }, additionalProperties: false },
      },
      required: ['path'],
      additionalProperties: false,
    },
  };
}

export function agentRequest() {
  const messages = [{ role: 'user', content: [{ type: 'text', text: prose(200, 3), cache_control: { type: 'ephemeral' } }] }];
  for (let i = 0; i < 29; i++) {
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: prose(40, i) },
        { type: 'tool_use', id: `toolu_${i}`, name: `tool_${i % 40}`, input: { path: `/src/file_${i}.ts`, limit: 200, mode: 'read' } },
      ],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: prose(860, i) }],
    });
  }
  messages.push({ role: 'assistant', content: [{ type: 'text', text: prose(30, 9) }] });
  return {
    model: 'claude-opus-4-8',
    max_tokens: 32000,
    stream: true,
    system: [{ type: 'text', text: prose(900, 1), cache_control: { type: 'ephemeral' } }],
    tools: Array.from({ length: 40 }, (_, i) => tool(i)),
    messages,
    metadata: { user_id: '{"device_id":"abc","session_id":"def"}' },
  };
}
