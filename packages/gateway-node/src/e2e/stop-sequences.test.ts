import { describe, expect, it } from 'vitest';
import { useTestGateway } from './test-gateway';

const { t, sdks } = useTestGateway();

// m4 is an Anthropic upstream (stop_sequence), m1 an OpenAI Chat one speaking as vLLM does (choices[0].stop_reason).
describe('the stop sequence that ended a reply reaches the caller', () => {
  it.each(['m4', 'm1'])('Anthropic client on %s: stop_reason "stop_sequence" with the string, streamed and not', async (model) => {
    const upstream = model === 'm4' ? 'up-4' : 'up-1';
    const params = { model, max_tokens: 64, stop_sequences: ['</answer>'], messages: [{ role: 'user' as const, content: 'answer in tags' }] };
    t().upstream.script(upstream, { answer: { text: '<answer>42', stopSequence: '</answer>' } });
    const reply = await sdks().anthropic.messages.create(params);
    expect(reply).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: '</answer>' });
    t().upstream.script(upstream, { answer: { text: '<answer>42', stopSequence: '</answer>' } });
    const final = await sdks().anthropic.messages.stream(params).finalMessage();
    expect(final).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: '</answer>' });
  });

  it('OpenAI Chat client on an Anthropic member: the string on the choice as stop_reason, streamed and not', async () => {
    const params = { model: 'm4', stop: ['</answer>'], messages: [{ role: 'user' as const, content: 'answer in tags' }] };
    t().upstream.script('up-4', { answer: { text: '<answer>42', stopSequence: '</answer>' } });
    const reply = await sdks().openai.chat.completions.create(params);
    expect(reply.choices[0]).toMatchObject({ finish_reason: 'stop', stop_reason: '</answer>' });
    t().upstream.script('up-4', { answer: { text: '<answer>42', stopSequence: '</answer>' } });
    const finishes = [];
    for await (const chunk of await sdks().openai.chat.completions.create({ ...params, stream: true })) {
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0]);
    }
    expect(finishes).toEqual([expect.objectContaining({ finish_reason: 'stop', stop_reason: '</answer>' })]);
  });

  it('a reply that ended on its own says so: end_turn and no stop sequence', async () => {
    t().upstream.script('up-4', { answer: { text: 'done' } });
    const reply = await sdks().anthropic.messages.create({ model: 'm4', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(reply).toMatchObject({ stop_reason: 'end_turn', stop_sequence: null });
  });
});
