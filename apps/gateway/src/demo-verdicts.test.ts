import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from './test-support/run-cli';

interface RouteBench {
  alias: string;
  call: string;
}
interface Ranked {
  alias: string;
  place: number;
  notUseful: number;
  why: string;
}

describe("the demo's route ranking follows a person's verdicts", () => {
  let cli: RunningCli;
  let openai: OpenAI;
  beforeAll(async () => {
    cli = await startCli(['--demo', '--port', '0'], {}, mkdtempSync(join(tmpdir(), 'bench-demo-verdicts-')));
    openai = new OpenAI({ baseURL: `${cli.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  });
  afterAll(async () => {
    await cli?.stop();
  });

  const ask = async (question: string): Promise<RouteBench> => {
    const reply = await openai.chat.completions.create({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: question }] });
    return (reply as unknown as { bench: RouteBench }).bench;
  };
  const nextRanking = async (): Promise<Ranked[]> => {
    const response = await fetch(`${cli.url}/bench/records?collection=agents`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { collections: Array<{ name: string; next: Record<string, { ranking: Ranked[] }> }> };
    return body.collections[0]!.next.general!.ranking;
  };

  it('a not-useful verdict on the member that answered sends the next new conversation to another member, and GET /bench/records says so', async () => {
    const first = await ask('a first conversation');
    expect(first.alias).toBe('flaky');
    expect((await nextRanking())[0]!.alias).toBe('flaky');

    const verdict = await fetch(`${cli.url}/bench/verdict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ call: first.call, useful: false, note: 'not what I asked' }),
    });
    expect(verdict.status, await verdict.clone().text()).toBe(200);

    const ranking = await nextRanking();
    expect(ranking[0]!.alias).not.toBe('flaky');
    expect(ranking.find((member) => member.alias === 'flaky')).toMatchObject({ place: 3, notUseful: 1, why: expect.stringContaining('1 not useful') });

    const next = await ask('a second, new conversation');
    expect(next.alias).toBe(ranking[0]!.alias);
    expect(next.alias).not.toBe('flaky');
  });
});
