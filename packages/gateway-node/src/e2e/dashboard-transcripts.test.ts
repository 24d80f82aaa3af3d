import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLedger } from '@bench/ledger';
import { applyEdits, modify } from 'jsonc-parser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_KEYS, startDashboardGateway } from './dashboard-gateway';
import { sdksFor } from './sdk-clients';

const dir = mkdtempSync(join(tmpdir(), 'bench-transcripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HINT = 'prompts and answers are not kept: add "transcripts": {"keep": "30d"} to the config to keep them';

describe('transcripts off', () => {
  it('keeps no text, and every view says so and how to turn them on, with everything else there', async () => {
    const t = await startDashboardGateway({ config: ({ transcripts: _off, ...base }) => base });
    try {
      const bob = sdksFor(t.url, DASHBOARD_KEYS.bob).openai;
      const route = (await bob.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'a secret prompt' }] })) as any;
      const panel = (await bob.chat.completions.create({ model: 'bench/merged', messages: [{ role: 'user', content: 'another secret' }] })) as any;
      await t.gateway.ledger.flush();
      expect(await t.gateway.ledger.transcripts([route.bench.call, `${panel.bench.panel}.1`, `${panel.bench.panel}.merger`])).toEqual([]);

      const call = await t.get(`/bench/calls/${route.bench.call}`);
      expect(call.json).toMatchObject({ transcripts: 'off', hint: HINT, transcript: null, call: { id: route.bench.call, alias: 'm1', status: 'ok' } });
      const conversation = await t.get(`/bench/conversations/${route.bench.conversation}`);
      expect(conversation.json).toMatchObject({ transcripts: 'off', hint: HINT });
      expect(conversation.json.turns[0]).toMatchObject({ alias: 'm1', transcript: null });
      const seats = await t.get(`/bench/panels/${panel.bench.panel}`);
      expect(seats.json).toMatchObject({ transcripts: 'off', hint: HINT, system: null, messages: null, merger: { answer: null } });
      expect(seats.json.seats.map((s: any) => [s.call.alias, s.answer])).toEqual([
        ['m1', null],
        ['m2', null],
      ]);
      expect(JSON.stringify([call.json, conversation.json, seats.json])).not.toContain('secret');
    } finally {
      await t.close();
    }
  });
});

describe('transcripts kept for a while', () => {
  it('deletes those older than keep at start (and on a timer), and keeps the newer ones', async () => {
    const ledgerPath = join(dir, 'expiring.db');
    const now = Date.now();
    const seeded = await createLedger(`sqlite:${ledgerPath}`);
    for (const [id, time] of [
      ['rold', now - 3 * 86_400_000],
      ['rnew', now - 3_600_000],
    ] as const) {
      seeded.recordCall({ id, time, purpose: 'route', collection: 'agents', alias: 'm1', status: 'ok' });
      seeded.recordTranscript({
        call: id,
        time,
        system: null,
        messages: [{ role: 'user', content: [{ type: 'text', text: id }] }],
        answer: { text: `answer ${id}`, reasoning: '', toolCalls: [] },
      });
    }
    await seeded.close();

    const t = await startDashboardGateway({ ledgerPath, config: (base) => ({ ...base, transcripts: { keep: '1d' } }) });
    try {
      await vi.waitFor(async () => expect((await t.get('/bench/calls/rold')).json.transcript).toBeNull());
      expect((await t.get('/bench/calls/rold')).json).toMatchObject({ transcripts: 'on', call: { id: 'rold' } }); // the call stays
      expect((await t.get('/bench/calls/rnew')).json.transcript).toMatchObject({ answer: { text: 'answer rnew' } });
    } finally {
      await t.close();
    }
  });
});

describe('transcripts turned on, changed and off by a reload of the config file', () => {
  it('applies to the next request, and the deletion follows the new keep', async () => {
    const ledgerPath = join(dir, 'reloaded.db');
    const seeded = await createLedger(`sqlite:${ledgerPath}`);
    const old = Date.now() - 3 * 86_400_000; // kept by an earlier config
    seeded.recordCall({ id: 'rkept', time: old, purpose: 'route', collection: 'agents', alias: 'm1', status: 'ok' });
    seeded.recordTranscript({ call: 'rkept', time: old, system: null, messages: [], answer: { text: 'kept before', reasoning: '', toolCalls: [] } });
    await seeded.close();

    const t = await startDashboardGateway({
      ledgerPath,
      config: ({ transcripts: _off, ...base }) => base,
      configText: (config) => `// transcripts follow this file\n${JSON.stringify(config, null, 2)}\n`,
    });
    const file = t.configPath!;
    const reloadWith = (transcripts: unknown) => {
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, applyEdits(text, modify(text, ['transcripts'], transcripts, {})));
      return t.gateway.reloadConfig('SIGHUP');
    };
    const bob = sdksFor(t.url, DASHBOARD_KEYS.bob).openai;
    const ask = async (content: string) =>
      ((await bob.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content }] })) as any).bench.call as string;
    const transcriptOf = async (call: string) => {
      await t.gateway.ledger.flush();
      return (await t.gateway.ledger.transcripts([call]))[0]?.answer.text ?? null;
    };
    try {
      const before = await ask('asked while off');
      expect(await transcriptOf(before)).toBeNull();
      expect((await t.get(`/bench/calls/${before}`)).json).toMatchObject({ transcripts: 'off', transcript: null });

      expect(reloadWith({ keep: '30d' })).toMatchObject({ status: 'applied', result: { changed: ['transcripts'] } });
      const on = await ask('asked once on');
      expect(await transcriptOf(on)).toContain('asked once on');
      expect((await t.get(`/bench/calls/${on}`)).json).toMatchObject({
        transcripts: 'on',
        transcript: { answer: { text: expect.stringContaining('asked once on') } },
      });
      expect(await transcriptOf('rkept')).toBe('kept before'); // 3 days old, within 30d

      expect(reloadWith({ keep: '1d' })).toMatchObject({ status: 'applied', result: { changed: ['transcripts.keep'] } });
      await vi.waitFor(async () => expect(await transcriptOf('rkept')).toBeNull()); // the new keep's sweep, at once
      expect(await transcriptOf(on)).toContain('asked once on');

      expect(reloadWith(undefined)).toMatchObject({ status: 'applied' });
      const off = await ask('asked when off again');
      expect(await transcriptOf(off)).toBeNull();
      expect((await t.get(`/bench/calls/${on}`)).json).toMatchObject({ transcripts: 'off', transcript: null });
    } finally {
      await t.close();
    }
  });
});
