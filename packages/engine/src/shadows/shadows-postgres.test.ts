import { postgresServerAvailable, startFakeUpstream, startPostgresServer, type FakeUpstream, type PostgresService } from '@bench/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import { ask, eventually, shadowConfig } from './shadow-test-setup';

const available = postgresServerAvailable();
let upstream: FakeUpstream;
let postgres: PostgresService | undefined;
beforeAll(async () => {
  upstream = await startFakeUpstream({ models: { 'up-member': { answer: { text: 'member says' } }, 'up-shadow': { answer: { text: 'shadow says' } } } });
  if (available) postgres = await startPostgresServer();
});
afterAll(async () => {
  await upstream.close();
  postgres?.stop();
});

describe.skipIf(!available)('shadows on a Postgres ledger', () => {
  it('lists each turn with its shadows side by side', async () => {
    const engine = await createEngine(shadowConfig(upstream, postgres!.createDatabase(), { rate: 1, members: ['s', 't'] }));
    try {
      const calls: string[] = [];
      for (const text of ['first', 'second']) {
        const turn = engine.turn(ask(text), { model: 'bench/agents' });
        calls.push((await turn.reply()).reply.id);
        await turn.done;
        await eventually(() => engine.shadows().agents?.inFlight === 0);
      }
      await engine.ledger.flush();
      const [first, second] = await Promise.all(calls.map((call) => engine.ledger.turnWithShadows(call)));
      expect(first?.call).toMatchObject({ id: calls[0], purpose: 'route', alias: 'a', status: 'ok' });
      expect(first?.shadows).toEqual([expect.objectContaining({ id: `${calls[0]}-shadow-1`, purpose: 'shadow', alias: 's', unit: first?.call.unit })]);
      expect(second?.shadows).toEqual([expect.objectContaining({ id: `${calls[1]}-shadow-1`, purpose: 'shadow', alias: 't', unit: second?.call.unit })]);
      expect(first?.shadows[0]?.cost).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });
});
