import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { minimalRequest, postJSON } from './raw-requests';
import { startTestGateway } from './test-gateway';

// A Redis that accepts connections and never answers (a hung store, not a dead one): route turns are still answered,
// once the gateway's Redis commands time out, planned without stickiness and without the limits checked; health says
// the state store is not ready.
describe('a hung state store', () => {
  it('still answers route turns, and health reports the store not ready', async () => {
    const hung = createServer((socket: Socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as { port: number }).port;
    const t = await startTestGateway({
      captureLog: true,
      config: (base) => ({ ...base, state: `redis://127.0.0.1:${port}`, collections: { ...base.collections, agents: { ...base.collections.agents, rpm: 1 } } }),
    });
    try {
      t.upstream.script('up-1', { answer: { text: 'answered anyway' } });
      const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'are you there?', false);
      const result = await postJSON(t.url + path, body);
      expect(result.status, result.text).toBe(200);
      expect(result.text).toContain('answered anyway');
      expect(t.logLines.some((line) => line.msg === 'a state store could not be read; the turn is planned without it (no stickiness or cooldowns)')).toBe(true);
      expect(t.logLines.some((line) => line.msg === 'the limits could not be checked (the state store did not answer); the request goes on unchecked')).toBe(
        true,
      );
      const health = await fetch(`${t.url}/bench/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ state: { ok: false } });
    } finally {
      await t.close();
      hung.close();
    }
  }, 30_000);
});
