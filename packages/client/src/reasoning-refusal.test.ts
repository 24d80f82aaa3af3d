import type { NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { createClient } from './create-client';
import { ask, FAST, readAll, target, useClientAndUpstream } from './test-helpers';

// Claude Code asks for thinking with every turn; a model without it refuses (Ollama: "… does not support thinking").
const fixture = useClientAndUpstream();

const thinking = (): NeutralRequest => Object.assign(ask('fix the test'), { reasoning: { enabled: true } });
const refuse = (message: string) => ({ error: { status: 400, error: { kind: 'invalid-request' as const, message } } });
const sentThink = () => fixture.upstream.requestsFor('llama').map((request) => (request.body as { think?: unknown }).think);

describe('a member that refuses the reasoning controls it was sent', () => {
  it('is asked again without them, and the result says so', async () => {
    fixture.upstream.script('llama', [refuse('registry.ollama.ai/library/llama3.1:latest does not support thinking'), { answer: { text: 'Fixed.' } }]);
    const { result } = await readAll(fixture.client.call(target(fixture.upstream, 'llama', { api: 'ollama' }), thinking()));
    expect(result).toMatchObject({ ok: true, text: 'Fixed.' });
    expect(sentThink()).toEqual([true, undefined]);
    expect(result.warnings).toContainEqual(expect.objectContaining({ path: 'reasoning', message: expect.stringContaining('does not support thinking') }));
  });

  it('is not asked again for a refusal of something else, nor when it is said to reason, nor when nothing asked for reasoning', async () => {
    fixture.upstream.script('llama', refuse('messages[0].content: invalid'));
    expect((await readAll(fixture.client.call(target(fixture.upstream, 'llama', { api: 'ollama' }), thinking()))).result).toMatchObject({ ok: false });
    fixture.upstream.script('llama', refuse('thinking budget too large'));
    expect((await readAll(fixture.client.call(target(fixture.upstream, 'llama', { api: 'ollama', reasoning: true }), thinking()))).result).toMatchObject({
      ok: false,
    });
    fixture.upstream.script('llama', refuse('does not support thinking'));
    expect((await readAll(fixture.client.call(target(fixture.upstream, 'llama', { api: 'ollama' }), ask()))).result).toMatchObject({ ok: false });
    expect(fixture.upstream.requestsFor('llama')).toHaveLength(3);
  });

  it('is remembered: the next turns leave the controls out from the first try, until the memory expires', async () => {
    let now = 1_000_000;
    const client = createClient({ now: () => now, timeouts: FAST });
    try {
      const llama = target(fixture.upstream, 'llama', { api: 'ollama' });
      fixture.upstream.script('llama', [refuse('llama3.1 does not support thinking'), { answer: { text: 'One.' } }, { answer: { text: 'Two.' } }]);
      await readAll(client.call(llama, thinking()));
      const second = (await readAll(client.call(llama, thinking()))).result;
      expect(second).toMatchObject({ ok: true, text: 'Two.' });
      expect(second.attempts).toHaveLength(1);
      expect(second.warnings).toContainEqual(
        expect.objectContaining({ path: 'reasoning', message: expect.stringContaining('on an earlier turn ("llama3.1 does not support thinking")') }),
      );
      expect(sentThink()).toEqual([true, undefined, undefined]);

      now += 3_600_001; // an hour on: asked with them again, in case the model changed
      fixture.upstream.script('llama', { answer: { text: 'Three.' } });
      expect((await readAll(client.call(llama, thinking()))).result).toMatchObject({ ok: true, text: 'Three.', warnings: [] });
      expect(sentThink()).toEqual([true, undefined, undefined, true]);
    } finally {
      await client.close();
    }
  });
});
