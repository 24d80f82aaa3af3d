import { LedgerUnwrittenError } from '@bench/ledger';
import { postgresServerAvailable, startPostgresServer } from '@bench/testkit';
import { describe, expect, it } from 'vitest';
import { minimalRequest, postJSON } from './raw-requests';
import { startTestGateway } from './test-gateway';

// The ledger's database going away: calls are still answered (their records queued), and a gateway closed while it is
// gone says how many records it could not write, instead of dying on the way out.
describe.skipIf(!postgresServerAvailable())('a Postgres ledger that goes away', () => {
  it('leaves calls answered, and close() reports the records it could not write', async () => {
    const postgres = await startPostgresServer();
    const t = await startTestGateway({ captureLog: true, config: (base) => ({ ...base, ledger: postgres.createDatabase() }) });
    postgres.stop();
    for (const [mode, text] of [
      ['bench/agents', 'routed'],
      ['bench/core', 'seated'],
    ] as const) {
      for (const upstream of ['up-1', 'up-2', 'up-3']) t.upstream.script(upstream, { answer: { text } });
      const { path, body } = minimalRequest('openai-chat', mode, 'is anyone keeping score?', false);
      const result = await postJSON(t.url + path, body);
      expect(result.status, result.text).toBe(200);
    }
    const closing = t.gateway.close();
    await expect(closing).rejects.toSatisfy((error: unknown) => LedgerUnwrittenError.isInstance(error) && error.records > 0);
    expect(t.logLines.some((line) => line.msg === 'closing the ledger failed')).toBe(true);
    await t.upstream.close();
  }, 90_000);

  it('answers GET /bench/keys/me with a 503 saying the ledger did not answer, and goes on serving', async () => {
    const postgres = await startPostgresServer();
    const t = await startTestGateway({ captureLog: true, config: (base) => ({ ...base, ledger: postgres.createDatabase() }) });
    try {
      expect((await fetch(`${t.url}/bench/keys/me`)).status).toBe(200);
      postgres.stop();
      const usage = await fetch(`${t.url}/bench/keys/me`);
      expect(usage.status).toBe(503);
      expect(((await usage.json()) as any).error.message).toBe("the ledger did not answer, so this key's usage cannot be read; try again shortly");
      expect(t.logLines.some((line) => line.msg === "a key's usage could not be read from the ledger")).toBe(true);
      const { path, body } = minimalRequest('openai-chat', 'bench/agents', 'still here?', false);
      expect((await postJSON(t.url + path, body)).status).toBe(200);
    } finally {
      await t.gateway.close().catch(() => undefined);
      await t.upstream.close();
    }
  }, 90_000);
});
