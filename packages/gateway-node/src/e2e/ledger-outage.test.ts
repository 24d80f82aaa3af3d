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
});
