// A 1,000-event OpenAI Chat stream: role chunk, text deltas, a tool call in
// argument fragments, the finish chunk, the usage chunk and [DONE].
export function openaiChatStream(events = 1000) {
  const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-bench' };
  const chunk = (delta, finish = null) => `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const parts = [chunk({ role: 'assistant', content: '' })];
  const textEvents = events - 106;
  for (let i = 0; i < textEvents; i++) parts.push(chunk({ content: `word${i} ` }));
  parts.push(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '' } }] }));
  for (let i = 0; i < 100; i++) parts.push(chunk({ tool_calls: [{ index: 0, function: { arguments: i === 0 ? '{"path":"' : 'x' } }] }));
  parts.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"}' } }] }));
  parts.push(chunk({}, 'tool_calls'));
  parts.push(`data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 1000, completion_tokens: 900, total_tokens: 1900 } })}\n\n`);
  parts.push('data: [DONE]\n\n');
  return parts.join('');
}
