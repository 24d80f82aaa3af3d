import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from './test-support/run-cli';

interface RouteBench {
  alias: string;
  failed_over?: Array<{ alias: string; error: string }>;
}
interface PanelBench {
  seats: Array<{ alias: string; status: string }>;
}

describe('the demo shows what it promises', () => {
  let cli: RunningCli;
  let openai: OpenAI;
  beforeAll(async () => {
    cli = await startCli(['--demo', '--port', '0'], {}, mkdtempSync(join(tmpdir(), 'bench-demo-failover-')));
    openai = new OpenAI({ baseURL: `${cli.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  });
  afterAll(async () => {
    await cli?.stop();
  });

  it('flaky fails over where a person sees it: a failed_over in a route reply, then a failed seat in a panel', async () => {
    // flaky is bench/agents' first member; its second call fails (a 503), and the demo does not retry it on the spot.
    const routes: RouteBench[] = [];
    for (const question of ['first question', 'second question', 'third question']) {
      const reply = await openai.chat.completions.create({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: question }] });
      routes.push((reply as unknown as { bench: RouteBench }).bench);
    }
    expect(routes.map((bench) => bench.alias)).toEqual(['flaky', 'scout', 'flaky']);
    expect(routes[1]!.failed_over).toEqual([{ alias: 'flaky', error: expect.stringContaining('resting') }]);
    expect(routes[0]!.failed_over).toBeUndefined();

    // Its next calls: the 4th (ok), then the 5th fails: two panels, one of which seats flaky as failed.
    const statuses: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const stream = await openai.chat.completions.create({ model: 'bench/panel', stream: true, messages: [{ role: 'user', content: `panel ${n}` }] });
      let bench: PanelBench | undefined;
      for await (const chunk of stream) bench = (chunk as unknown as { bench?: PanelBench }).bench ?? bench;
      statuses.push(bench!.seats.find((seat) => seat.alias === 'flaky')!.status);
    }
    expect(statuses).toEqual(['ok', 'error']);
  });
});
