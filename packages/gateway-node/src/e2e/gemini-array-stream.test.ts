import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { startTestGateway, type TestGateway } from './test-gateway';

// `:streamGenerateContent` without `?alt=sse`: Google answers one JSON array, piece by piece, and some clients read it so.
let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway({
    captureLog: true,
    // `agents` without mid-stream recovery, for the error element.
    config: (base) => ({ ...base, collections: { ...base.collections, uncontinued: { ...base.collections.agents, continue: false } } }),
  });
});
afterAll(() => t.close());

const body = { contents: [{ role: 'user', parts: [{ text: 'x' }] }] };
type Chunk = {
  candidates?: Array<{ content?: { parts?: Array<{ text?: string }> }; finishReason?: string }>;
  bench?: Record<string, unknown>;
  error?: { code: number; status: string; message: string };
};
const textOf = (chunks: Chunk[]) => chunks.map((chunk) => chunk.candidates?.[0]?.content?.parts?.map((part) => part.text ?? '').join('') ?? '').join('');

describe('Gemini streamGenerateContent without alt=sse', () => {
  it('route: one JSON array, served as JSON, bench and the finish on the last element', async () => {
    t.upstream.script('up-1', { answer: { text: ['arr', 'ay'] } });
    const result = await postJSON(`${t.url}/v1beta/models/agents:streamGenerateContent`, body);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    const chunks = result.json as Chunk[];
    expect(Array.isArray(chunks)).toBe(true);
    expect(textOf(chunks)).toBe('array');
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], bench: { reply: 'route', alias: 'm1' } });
    expect(chunks.filter((chunk) => chunk.bench)).toHaveLength(1);
  });

  it('alt=json is the same array', async () => {
    t.upstream.script('up-1', { answer: { text: 'explicit' } });
    const result = await postJSON(`${t.url}/v1beta/models/agents:streamGenerateContent?alt=json`, body);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(textOf(result.json as Chunk[])).toBe('explicit');
  });

  it('streams: the first element arrives while the member is still writing', async () => {
    t.upstream.script('up-1', { answer: { text: ['early', ' late'] }, pieceDelayMs: 400 });
    const response = await fetch(`${t.url}/v1beta/models/agents:streamGenerateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('early')) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      seen += decoder.decode(value, { stream: true });
    }
    expect(seen.startsWith('[')).toBe(true);
    expect(seen).not.toContain(' late');
    expect(seen.trimEnd().endsWith(']')).toBe(false);
    for (let part = await reader.read(); !part.done; part = await reader.read()) seen += decoder.decode(part.value, { stream: true });
    expect(textOf(JSON.parse(seen) as Chunk[])).toBe('early late');
  });

  it('panel: keep-alives while the seats work stay inside valid JSON', async () => {
    for (const model of ['up-1', 'up-2', 'up-3']) t.upstream.script(model, { answer: { text: `${model} says` }, firstPieceDelayMs: 600 });
    const result = await postJSON(`${t.url}/v1beta/models/core:streamGenerateContent`, body);
    expect(result.status).toBe(200);
    expect(result.text).toMatch(/^\[\n+/); // keep-alive whitespace (every 200 ms here) went out after the array opened
    const chunks = result.json as Chunk[];
    expect(textOf(chunks)).toContain('up-2 says');
    expect(chunks.at(-1)?.bench).toMatchObject({ reply: 'all' });
  });

  it('a member cut part way is finished by the next: one array, the text once, bench.continued on the last element', async () => {
    t.upstream.script('up-1', { answer: { text: ['one ', 'two ', 'three'] }, cutAfterPieces: 1 });
    t.upstream.script('up-2', { answer: { text: ['one ', 'two ', 'three'] } });
    const result = await postJSON(`${t.url}/v1beta/models/agents:streamGenerateContent`, body);
    expect(result.status).toBe(200);
    const chunks = result.json as Chunk[];
    expect(textOf(chunks)).toBe('one two three');
    expect(chunks.filter((chunk) => chunk.candidates?.[0]?.finishReason)).toHaveLength(1);
    expect(chunks.at(-1)?.bench).toMatchObject({ alias: 'm2', continued: [{ alias: 'm2', from: 'm1', after: 'one '.length }] });
  });

  it('with "continue": false, a member that fails part way ends the array with an error element, still valid JSON', async () => {
    t.upstream.script('up-1', { answer: { text: ['one', 'two', 'three'] }, cutAfterPieces: 1 });
    const result = await postJSON(`${t.url}/v1beta/models/uncontinued:streamGenerateContent`, body);
    expect(result.status).toBe(200);
    const chunks = result.json as Chunk[];
    expect(chunks.at(-1)?.error).toMatchObject({ code: expect.any(Number), status: expect.any(String) });
    expect(chunks.some((chunk) => chunk.candidates?.[0]?.finishReason)).toBe(false);
  });

  it('an alt it cannot serve is a 400 in the Gemini shape naming alt, before any member is called; the value stays out of the log', async () => {
    t.logLines.length = 0;
    const before = t.upstream.requests.length;
    const result = await postJSON(`${t.url}/v1beta/models/agents:streamGenerateContent?alt=proto-secretish`, body);
    expect(result.status).toBe(400);
    expect(result.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(result.json.error.message).toMatch(/^alt: /);
    expect(result.json.error.message).toContain('alt=sse');
    expect(t.upstream.requests.length).toBe(before);
    expect(JSON.stringify(t.logLines)).not.toContain('secretish');
    const health = await fetch(`${t.url}/bench/health`);
    expect(health.status).toBe(200);
  });
});
