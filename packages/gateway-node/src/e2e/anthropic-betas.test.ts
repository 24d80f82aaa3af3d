import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJSON } from './raw-requests';
import { startTestGateway, type TestGateway } from './test-gateway';

// Claude Code sends its bodies with the betas they need; an Anthropic member must get both, or Anthropic refuses the body.
let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway({
    config: (base) => ({
      ...base,
      providers: {
        ...base.providers,
        pinned: { ...base.providers.anthropic, headers: { 'Anthropic-Beta': 'pinned-2025-01-01,context-management-2025-06-27', 'x-team': 'a' } },
      },
      models: { ...base.models, m6: { provider: 'pinned', model: 'up-6', contextWindow: 100000, maxOutput: 4000, tools: true, vision: true } },
      collections: { ...base.collections, pinned: { members: ['m6'], reply: 'route' }, seats: { members: ['m4', 'm1'], reply: 'all' } },
    }),
  });
});
afterAll(() => t.close());

const CLAUDE_CODE_BETAS = 'claude-code-20250219,context-management-2025-06-27,mid-conversation-system-2026-04-07,effort-2025-11-24';
const anthropicBody = (model: string) => ({
  model,
  max_tokens: 64,
  context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
  messages: [
    { role: 'user', content: 'x' },
    { role: 'system', content: 'mid-conversation note' },
  ],
});
const headersOf = (model: string) => t.upstream.requestsFor(model).at(-1)?.headers ?? {};

describe('anthropic-beta from an Anthropic caller', () => {
  it('goes with the body, as sent, to an Anthropic member', async () => {
    t.upstream.script('up-4', { answer: { text: 'ok' } });
    const result = await postJSON(`${t.url}/v1/messages`, anthropicBody('bench/mixed'), {
      'anthropic-version': '2023-06-01',
      'anthropic-beta': CLAUDE_CODE_BETAS,
    });
    expect(result.status).toBe(200);
    expect(headersOf('up-4')['anthropic-beta']).toBe(CLAUDE_CODE_BETAS);
    expect(t.upstream.requestsFor('up-4').at(-1)?.body).toMatchObject({ context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] } });
  });

  it('joins the betas a provider is configured with, each once, and keeps its other headers', async () => {
    t.upstream.script('up-6', { answer: { text: 'ok' } });
    await postJSON(`${t.url}/v1/messages`, anthropicBody('bench/pinned'), { 'anthropic-version': '2023-06-01', 'anthropic-beta': CLAUDE_CODE_BETAS });
    const headers = headersOf('up-6');
    expect(String(headers['anthropic-beta']).split(',')).toEqual([
      'pinned-2025-01-01',
      'context-management-2025-06-27',
      'claude-code-20250219',
      'mid-conversation-system-2026-04-07',
      'effort-2025-11-24',
    ]);
    expect(headers['x-team']).toBe('a');
  });

  it('passes names only: anything else in the header is dropped', async () => {
    t.upstream.script('up-4', { answer: { text: 'ok' } });
    await postJSON(`${t.url}/v1/messages`, anthropicBody('bench/mixed'), {
      'anthropic-version': '2023-06-01',
      'anthropic-beta': ' good-2025-01-01 , bad value;x=1,,good-2025-01-01',
    });
    expect(headersOf('up-4')['anthropic-beta']).toBe('good-2025-01-01');
  });

  it('is not invented for callers of other protocols', async () => {
    t.upstream.script('up-4', { answer: { text: 'ok' } });
    const result = await postJSON(
      `${t.url}/v1/chat/completions`,
      { model: 'bench/mixed', messages: [{ role: 'user', content: 'x' }] },
      { 'anthropic-beta': CLAUDE_CODE_BETAS },
    );
    expect(result.status).toBe(200);
    expect(headersOf('up-4')['anthropic-beta']).toBeUndefined();
  });

  it("goes to the Anthropic seats of a panel too (their bodies keep the caller's fields)", async () => {
    t.upstream.script('up-4', { answer: { text: 'seat four' } });
    t.upstream.script('up-1', { answer: { text: 'seat one' } });
    const body = { model: 'bench/seats', max_tokens: 64, context_management: { edits: [] }, messages: [{ role: 'user', content: 'x' }] };
    const result = await postJSON(`${t.url}/v1/messages`, body, { 'anthropic-version': '2023-06-01', 'anthropic-beta': CLAUDE_CODE_BETAS });
    expect(result.status).toBe(200);
    expect(headersOf('up-4')['anthropic-beta']).toBe(CLAUDE_CODE_BETAS);
    expect(headersOf('up-1')['anthropic-beta']).toBeUndefined();
  });

  // Last: the failures it scripts cool m4 down for the rest of the file.
  it('does not go to a member of another protocol (its body is translated and uses no beta)', async () => {
    t.upstream.script('up-4', { error: { status: 503 } });
    t.upstream.script('up-5', { answer: { text: 'from gemini' } });
    const result = await postJSON(`${t.url}/v1/messages`, anthropicBody('bench/mixed'), {
      'anthropic-version': '2023-06-01',
      'anthropic-beta': CLAUDE_CODE_BETAS,
    });
    expect(result.json.bench).toMatchObject({ alias: 'm5' });
    expect(headersOf('up-5')['anthropic-beta']).toBeUndefined();
  });
});
