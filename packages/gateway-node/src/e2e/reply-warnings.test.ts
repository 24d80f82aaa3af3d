import { describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { sseData } from './sdk-clients';
import { useTestGateway } from './test-gateway';

const { t } = useTestGateway();

// Gemini CLI sends topK with every request; an OpenAI Chat member has no place for it.
const geminiCli = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { temperature: 1, topP: 0.95, topK: 64 } };
const topKLeftOut = { path: 'topK', message: expect.stringContaining('top_k') };

describe('a reply tells the caller what its request lost on the way to the member', () => {
  it('in the bench object of a JSON reply', async () => {
    t().upstream.script('up-1', { answer: { text: 'hello' } });
    const result = await postJSON(`${t().url}/v1beta/models/agents:generateContent`, geminiCli);
    expect(result.status).toBe(200);
    expect(result.json.bench.warnings).toEqual([topKLeftOut]);
  });

  it('on the last event of a stream', async () => {
    t().upstream.script('up-1', { answer: { text: ['hel', 'lo'] } });
    const result = await postJSON(`${t().url}/v1beta/models/agents:streamGenerateContent?alt=sse`, geminiCli);
    const events = sseData(result.text) as Array<Record<string, any>>;
    expect(events.at(-1)!.bench.warnings).toEqual([topKLeftOut]);
  });

  it("in each panel seat's entry", async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t().upstream.script(model, { answer: { text: 'hello' } });
    const result = await postJSON(`${t().url}/v1beta/models/core:generateContent`, geminiCli);
    expect(result.status).toBe(200);
    expect(result.json.bench.seats.map((seat: Record<string, unknown>) => seat.warnings)).toEqual([[topKLeftOut], [topKLeftOut], [topKLeftOut]]);
  });

  it('not at all when nothing was lost', async () => {
    t().upstream.script('up-1', { answer: { text: 'hello' } });
    const result = await postJSON(`${t().url}/v1/chat/completions`, { model: 'bench/agents', messages: [{ role: 'user', content: 'hi' }] });
    expect(result.json.bench).not.toHaveProperty('warnings');
  });
});
