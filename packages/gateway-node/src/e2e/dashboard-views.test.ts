import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_KEYS, type DashboardGateway, startDashboardGateway } from './dashboard-gateway';
import { postJSON } from './raw-requests';
import { sdksFor } from './sdk-clients';

let t: DashboardGateway;
const PNG = Buffer.alloc(3000, 7).toString('base64'); // 3000 bytes

/** What the calls below left in the ledger. */
const made = { panel: '', merged: '', conversation: '', routeCall: '', shadowedCall: '', startedAt: 0 };

beforeAll(async () => {
  t = await startDashboardGateway();
  made.startedAt = Date.now();
  const alice = sdksFor(t.url, DASHBOARD_KEYS.alice).openai;
  const bob = sdksFor(t.url, DASHBOARD_KEYS.bob).openai;

  t.upstream.script('up-2', { answer: { text: 'four, says m2' } });
  const panel = (await alice.chat.completions.create({ model: 'bench/core', messages: [{ role: 'user', content: 'what is 2+2?' }] })) as any;
  made.panel = panel.bench.panel;

  // m1 is rate limited for two minutes: the route turn fails over to m2, and m1 cools down.
  t.upstream.script('up-1', { error: { status: 429, headers: { 'retry-after': '120' } } });
  t.upstream.script('up-2', { answer: { text: 'a red square', toolCalls: [{ id: 'call_1', name: 'describe', arguments: '{"shape":"square"}' }] } });
  const messages: any[] = [
    { role: 'system', content: 'you describe images' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'what is in this picture?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    },
  ];
  const tools = [{ type: 'function' as const, function: { name: 'describe', parameters: { type: 'object', properties: {} } } }];
  const first = (await bob.chat.completions.create({ model: 'bench/agents', messages, tools })) as any;
  made.conversation = first.bench.conversation;
  made.routeCall = first.bench.call;
  t.upstream.script('up-1', {}); // m1 answers again (it still cools down for the router)
  messages.push({ role: 'assistant', content: 'a red square', tool_calls: first.choices[0].message.tool_calls });
  messages.push({ role: 'tool', tool_call_id: 'call_1', content: 'it is a square' });
  t.upstream.script('up-2', { answer: { text: 'done' } });
  await bob.chat.completions.create({ model: 'bench/agents', messages, tools });

  // m4 is rate limited for two minutes (and not asked again): it cools down, and the turn goes to m5.
  t.upstream.script('up-4', { error: { status: 429, headers: { 'retry-after': '120' } } });
  await bob.chat.completions.create({ model: 'bench/mixed', messages: [{ role: 'user', content: 'cool m4 down' }] });

  t.upstream.script('up-3', { answer: { text: 'merged: four' } });
  const merged = (await bob.chat.completions.create({ model: 'bench/merged', messages: [{ role: 'user', content: 'merge this' }] })) as any;
  made.merged = merged.bench.panel;

  t.upstream.script('up-2', { answer: { text: 'the shadow says hi' } });
  const shadowed = (await bob.chat.completions.create({ model: 'bench/shadowed', messages: [{ role: 'user', content: 'hi' }] })) as any;
  made.shadowedCall = shadowed.bench.call;
  await vi.waitFor(async () => expect(await t.gateway.ledger.getCall(`${made.shadowedCall}-shadow-1`)).toBeDefined(), { timeout: 10_000 });
  await t.gateway.ledger.flush();
});
afterAll(() => t?.close());

describe('GET /bench/overview', () => {
  it('gives a series per model and per key over the day, one value per hourly bucket, and the totals', async () => {
    const { status, json } = await t.get('/bench/overview');
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'bench.overview', range: 'day', bucketMs: 3_600_000 });
    expect(json.buckets).toHaveLength(24);
    expect(json.to - json.from).toBe(24 * 3_600_000);
    expect(json.buckets.at(-1)).toBeLessThanOrEqual(Date.now());
    const m1 = json.byModel.find((s: any) => s.name === 'm1');
    expect(m1.calls).toHaveLength(24);
    expect(m1.totals.calls).toBeGreaterThanOrEqual(3); // a seat, a rate-limited attempt, a merged seat, a shadowed turn
    expect(m1.totals.failures).toBeGreaterThanOrEqual(1);
    expect(m1.totals.cost).toBeGreaterThan(0); // m1 has a price
    expect(m1.calls.at(-1)).toBe(m1.totals.calls); // everything happened in this hour
    const keys = json.byKey.map((s: any) => s.name).sort();
    expect(keys).toEqual(['alice', 'bob']);
    expect(json.byKey.find((s: any) => s.name === 'bob').calls).toHaveLength(24);
    expect(json.byKey.find((s: any) => s.name === 'alice').totals.calls).toBe(3); // core's three seats
    expect(json.totals.calls).toBe(json.byModel.reduce((sum: number, s: any) => sum + s.totals.calls, 0));
  });

  it('by the minute over the last hour, and for one collection', async () => {
    const hour = await t.get('/bench/overview?range=hour&collection=core');
    expect(hour.status).toBe(200);
    expect(hour.json.bucketMs).toBe(60_000);
    expect(hour.json.buckets).toHaveLength(60);
    expect(hour.json.totals.calls).toBe(3);
    expect(hour.json.byModel.map((s: any) => s.name).sort()).toEqual(['m1', 'm2', 'm3']);
    const week = await t.get('/bench/overview?range=week');
    expect(week.json.buckets).toHaveLength(168);
  });

  it('refuses a bad range or an unknown parameter, naming it', async () => {
    const bad = await t.get('/bench/overview?range=month');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ param: 'range', message: expect.stringContaining('hour, day, week') });
    const unknown = await t.get('/bench/overview?rnage=day');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ param: 'rnage', message: expect.stringContaining('unknown parameter') });
  });
});

describe('GET /bench/collections', () => {
  it("names each collection's members with their health: the rate-limited one cooling, until when and why", async () => {
    const { status, json } = await t.get('/bench/collections');
    expect(status).toBe(200);
    const mixed = json.collections.find((c: any) => c.name === 'mixed');
    expect(mixed).toMatchObject({ reply: 'route', order: 'listed', merger: null });
    const m4 = mixed.members.find((m: any) => m.alias === 'm4');
    expect(m4).toMatchObject({ health: 'cooling', why: 'rate-limited', adHoc: false, retired: null });
    expect(m4.until).toBeGreaterThan(Date.now() + 60_000);
    expect(mixed.members.find((m: any) => m.alias === 'm5')).toMatchObject({ health: 'ready', until: null, why: null });
    expect(json.collections.find((c: any) => c.name === 'merged')).toMatchObject({ reply: 'merged', merger: 'm3' });
    expect(json.collections.find((c: any) => c.name === 'core')).toMatchObject({ description: 'everyday questions' });
  });
});

describe('GET /bench/calls', () => {
  const ids = async (query: string) => {
    const { status, json } = await t.get(`/bench/calls?limit=500&${query}`);
    expect(status).toBe(200);
    return json.calls.map((c: any) => c.id);
  };

  it('lists calls newest first, each with every field and its verdict', async () => {
    await postJSON(`${t.url}/bench/verdict`, { call: made.routeCall, useful: true, note: 'nice' }, { authorization: `Bearer ${DASHBOARD_KEYS.me}` });
    const { json } = await t.get('/bench/calls');
    expect(json.object).toBe('bench.calls');
    const times = json.calls.map((c: any) => c.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const route = json.calls.find((c: any) => c.id === made.routeCall);
    expect(route).toMatchObject({
      purpose: 'route',
      collection: 'agents',
      keyName: 'bob',
      alias: 'm2',
      status: 'ok',
      toolCalls: 1,
      unit: made.conversation,
      verdict: { useful: true, note: 'nice', time: expect.any(Number) },
    });
    expect(json.calls.find((c: any) => c.id === `${made.panel}.1`).verdict).toBeNull();
  });

  it('filters by collection, model, key, status (failed: every failure), purpose and time', async () => {
    expect((await ids('collection=core')).sort()).toEqual([`${made.panel}.1`, `${made.panel}.2`, `${made.panel}.3`]);
    expect((await ids('keyName=alice')).sort()).toEqual([`${made.panel}.1`, `${made.panel}.2`, `${made.panel}.3`]);
    expect(await ids('status=rate-limited&collection=agents')).toEqual([`${made.routeCall}-1`]);
    expect((await ids('status=failed')).length).toBe(2); // m1's and m4's
    expect(await ids('status=failed&model=m1')).toEqual([`${made.routeCall}-1`]);
    expect(await ids('purpose=merger')).toEqual([`${made.merged}.merger`]);
    expect(await ids('purpose=shadow')).toEqual([`${made.shadowedCall}-shadow-1`]);
    const m3 = await ids('model=m3');
    expect(m3).toContain(`${made.panel}.3`);
    expect(m3).toContain(`${made.merged}.merger`);
    expect(await ids(`to=${made.startedAt}`)).toEqual([]);
    expect((await ids(`from=${new Date(made.startedAt - 1000).toISOString()}`)).length).toBeGreaterThan(8);
  });

  it('pages by cursor: every call once, in order, and a null next on the last page', async () => {
    const all = await ids('');
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: { json: any } = await t.get(`/bench/calls?limit=3${next ? `&cursor=${next}` : ''}`);
      expect(page.json.calls.length).toBeLessThanOrEqual(3);
      seen.push(...page.json.calls.map((c: any) => c.id));
      next = page.json.next;
    } while (next);
    expect(seen).toEqual(all);
  });

  it('refuses a bad parameter with a 400 naming it and why', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['limit=0', 'limit', /from 1 to 500/],
      ['limit=ten', 'limit', /whole number/],
      ['purpose=chat', 'purpose', /seat, merger, route, shape, shadow/],
      ['from=yesterday', 'from', /epoch milliseconds or an ISO date/],
      ['from=2026-12-02&to=2026-12-01', 'from', /before to/],
      ['cursor=nonsense', 'cursor', /not a cursor this gateway gave/],
      ['model=m1&model=m2', 'model', /given 2 times/],
      ['colection=core', 'colection', /unknown parameter.*collection/],
    ];
    for (const [query, param, message] of cases) {
      const { status, json } = await t.get(`/bench/calls?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(json.error.param).toBe(param);
      expect(json.error.message).toMatch(message);
    }
  });
});

describe('GET /bench/calls/{id}', () => {
  it('gives the call, its verdict and its transcript: the prompt with the image as its type and size, the answer with its tool calls', async () => {
    const { status, json } = await t.get(`/bench/calls/${made.routeCall}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'bench.call', transcripts: 'on', call: { id: made.routeCall, verdict: { useful: true } }, shadows: [] });
    expect(json.transcript).toEqual({
      call: made.routeCall,
      time: expect.any(Number),
      system: 'you describe images',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is in this picture?' },
            { type: 'image', mediaType: 'image/png', bytes: 3000 },
          ],
        },
      ],
      answer: { text: 'a red square', reasoning: '', toolCalls: [{ id: 'call_1', name: 'describe', arguments: '{"shape":"square"}' }] },
    });
    expect(JSON.stringify(json)).not.toContain(PNG.slice(0, 100));
  });

  it("gives a route call's shadows beside it", async () => {
    const { json } = await t.get(`/bench/calls/${made.shadowedCall}`);
    expect(json.shadows.map((s: any) => [s.id, s.alias, s.purpose])).toEqual([[`${made.shadowedCall}-shadow-1`, 'm2', 'shadow']]);
  });

  it('is a 404 for an unknown call', async () => {
    const { status, json } = await t.get('/bench/calls/r-nope');
    expect(status).toBe(404);
    expect(json.error.message).toContain('unknown call "r-nope"');
  });
});

describe('GET /bench/conversations and /bench/conversations/{id}', () => {
  it('lists conversations latest first with their turns and members', async () => {
    const { json } = await t.get('/bench/conversations');
    expect(json.object).toBe('bench.conversations');
    const agents = json.conversations.find((c: any) => c.id === made.conversation);
    expect(agents).toMatchObject({ collection: 'agents', turns: 2, models: ['m2'], lastStatus: 'ok' });
    expect(json.conversations[0].updated).toBeGreaterThanOrEqual(json.conversations.at(-1).updated);
    const page = await t.get('/bench/conversations?limit=1');
    expect(page.json.conversations).toHaveLength(1);
    expect(page.json.next).toEqual(expect.any(String));
    const rest = await t.get(`/bench/conversations?limit=500&cursor=${page.json.next}`);
    expect(rest.json.conversations.map((c: any) => c.id)).not.toContain(page.json.conversations[0].id);
    expect((await t.get('/bench/conversations?collection=shadowed')).json.conversations).toHaveLength(1);
  });

  it("gives one conversation's turns in order: member, tokens, tool calls, first-token time, failovers with reasons, verdict, transcript", async () => {
    const { status, json } = await t.get(`/bench/conversations/${made.conversation}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'bench.conversation', id: made.conversation, collection: 'agents', transcripts: 'on' });
    expect(json.turns.map((turn: any) => turn.turn)).toEqual([1, 2]);
    const [first, second] = json.turns;
    expect(first).toMatchObject({ call: made.routeCall, alias: 'm2', status: 'ok', toolCalls: 1, verdict: { useful: true, note: 'nice' } });
    expect(first.inputTokens).toBeGreaterThan(0);
    expect(first.firstTokenSeconds).toEqual(expect.any(Number));
    expect(first.failovers).toEqual([{ alias: 'm1', error: expect.stringMatching(/429|rate/i) }]);
    expect(first.transcript.answer.text).toBe('a red square');
    expect(second.failovers).toEqual([]); // the conversation stays with m2, and m1 cools
    expect(second.transcript.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(second.transcript.messages[2].content[0]).toEqual({
      type: 'tool-result',
      callId: 'call_1',
      name: 'describe',
      isError: false,
      content: [{ type: 'text', text: 'it is a square' }],
    });
  });

  it('puts the shadow calls beside their turn, with their answers', async () => {
    const list = await t.get('/bench/conversations?collection=shadowed');
    const { json } = await t.get(`/bench/conversations/${list.json.conversations[0].id}`);
    expect(json.turns[0].shadows).toEqual([
      {
        call: expect.objectContaining({ id: `${made.shadowedCall}-shadow-1`, alias: 'm2', purpose: 'shadow' }),
        transcript: expect.objectContaining({ answer: expect.objectContaining({ text: 'the shadow says hi' }) }),
      },
    ]);
  });

  it('filters by a member of any turn, key, verdict (given or needed) and time; a bad value is a 400 naming it', async () => {
    const ids = async (query: string) => {
      const { status, json } = await t.get(`/bench/conversations?limit=500&${query}`);
      expect(status).toBe(200);
      return json.conversations.map((c: any) => c.collection).sort();
    };
    expect(await ids('model=m2')).toEqual(['agents']); // m1 was only tried (and failed over) there
    expect(await ids('model=m5')).toEqual(['mixed']);
    expect(await ids('keyName=bob')).toEqual(['agents', 'mixed', 'shadowed']);
    expect(await ids('keyName=alice')).toEqual([]);
    expect(await ids('verdict=given')).toEqual(['agents']); // the verdict on its first turn
    expect(await ids('verdict=needed')).toEqual(['mixed', 'shadowed']);
    expect(await ids('verdict=needed&model=m1&keyName=bob')).toEqual(['shadowed']);
    expect(await ids(`from=${made.startedAt}&to=${Date.now() + 1000}&collection=mixed`)).toEqual(['mixed']);
    for (const [query, param] of [
      ['verdict=yes', 'verdict'],
      ['model=', 'model'],
      ['member=m1', 'member'],
    ]) {
      const { status, json } = await t.get(`/bench/conversations?${query}`);
      expect([status, json.error.param]).toEqual([400, param]);
    }
    expect((await t.get('/bench/conversations?verdict=yes')).json.error.message).toBe('verdict: must be one of given, needed, not "yes"');
  });

  it('is a 404 for an unknown conversation', async () => {
    expect((await t.get('/bench/conversations/nope')).status).toBe(404);
  });
});

describe('GET /bench/panels and /bench/panels/{id}', () => {
  it('lists panels newest first with their seats and merger', async () => {
    const { json } = await t.get('/bench/panels');
    expect(json.object).toBe('bench.panels');
    expect(json.panels.map((p: any) => p.id)).toEqual([made.merged, made.panel]);
    expect(json.panels[0]).toMatchObject({
      collection: 'merged',
      seats: [
        { call: `${made.merged}.1`, alias: 'm1', status: 'ok' },
        { call: `${made.merged}.2`, alias: 'm2', status: 'ok' },
      ],
      merger: { call: `${made.merged}.merger`, alias: 'm3', status: 'ok' },
    });
    expect(json.panels[1].merger).toBeNull();
    const first = await t.get('/bench/panels?limit=1');
    expect(first.json.panels.map((p: any) => p.id)).toEqual([made.merged]);
    expect((await t.get(`/bench/panels?limit=1&cursor=${first.json.next}`)).json.panels.map((p: any) => p.id)).toEqual([made.panel]);
    expect((await t.get('/bench/panels?collection=core')).json.panels.map((p: any) => p.id)).toEqual([made.panel]);
    expect((await t.get('/bench/panels?limit=101')).json.error.param).toBe('limit');
  });

  it("shows a panel's seats side by side with the merger's answer and each one's verdict", async () => {
    await postJSON(`${t.url}/bench/verdict`, { call: `${made.merged}.2`, useful: false, note: 'off topic' }, { authorization: `Bearer ${DASHBOARD_KEYS.me}` });
    const { json } = await t.get(`/bench/panels/${made.merged}`);
    expect(json).toMatchObject({ object: 'bench.panel', id: made.merged, collection: 'merged', transcripts: 'on', system: null });
    expect(json.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'merge this' }] }]);
    expect(json.seats.map((s: any) => [s.call.alias, s.call.verdict?.useful ?? null])).toEqual([
      ['m1', null],
      ['m2', false],
    ]);
    expect(json.seats.every((s: any) => typeof s.answer === 'string' && s.answer.length > 0)).toBe(true);
    expect(json.merger).toMatchObject({ call: { id: `${made.merged}.merger`, alias: 'm3' }, answer: 'merged: four' });
    const core = await t.get(`/bench/panels/${made.panel}`);
    expect(core.json.seats.find((s: any) => s.call.alias === 'm2').answer).toBe('four, says m2');
  });

  it('filters by a member of any seat or the merger, key, verdict (given or needed) and time; a bad value is a 400 naming it', async () => {
    const ids = async (query: string) => {
      const { status, json } = await t.get(`/bench/panels?${query}`);
      expect(status).toBe(200);
      return json.panels.map((p: any) => p.id).sort();
    };
    expect(await ids('model=m3')).toEqual([made.merged, made.panel].sort()); // a seat in one, the merger in the other
    expect(await ids('model=m4')).toEqual([]);
    expect(await ids('keyName=alice')).toEqual([made.panel]);
    expect(await ids('verdict=given')).toEqual([made.merged]); // the verdict on its second seat
    expect(await ids('verdict=needed')).toEqual([made.panel]);
    expect(await ids('model=m3&verdict=needed&keyName=alice&collection=core')).toEqual([made.panel]);
    expect(await ids(`from=${made.startedAt}&to=${made.startedAt + 1}`)).toEqual([]);
    for (const [query, param] of [
      ['verdict=some', 'verdict'],
      ['keyName=', 'keyName'],
      ['from=yesterday', 'from'],
      ['seat=m1', 'seat'],
    ]) {
      const { status, json } = await t.get(`/bench/panels?${query}`);
      expect([status, json.error.param]).toEqual([400, param]);
    }
  });

  it('is a 404 for an unknown panel', async () => {
    expect((await t.get('/bench/panels/pnope')).status).toBe(404);
  });
});

describe('GET /bench/models', () => {
  it("gives each model's capabilities, price, collections and record per shape", async () => {
    const { json } = await t.get('/bench/models');
    expect(json).toMatchObject({ object: 'bench.models', shapes: ['general'] });
    const m1 = json.models.find((m: any) => m.alias === 'm1');
    expect(m1).toMatchObject({
      provider: 'chat',
      model: 'up-1',
      api: 'openai-chat',
      contextWindow: 100000,
      maxOutput: 4000,
      tools: true,
      vision: true,
      adHoc: false,
      retired: null,
      price: { input: 1, output: 2 },
      collections: ['core', 'agents', 'mixed', 'merged', 'shadowed'],
    });
    expect(m1.record.whole.calls).toBeGreaterThanOrEqual(3);
    expect(m1.record.shapes.map((s: any) => s.shape)).toEqual(['general']);
    const m2 = json.models.find((m: any) => m.alias === 'm2');
    expect(m2.record.whole.notUseful).toBe(1);
    expect(json.models.find((m: any) => m.alias === 'm3').collections).toEqual(['core', 'agents', 'merged']);
  });
});

describe('GET /bench/calls/export', () => {
  it('downloads the calls as CSV or JSONL, the rows the CLI export writes', async () => {
    const csv = await fetch(`${t.url}/bench/calls/export?format=csv`, { headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="bench-calls.csv"');
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^id,time,/);
    const count = (await t.get('/bench/calls?limit=500')).json.calls.length;
    expect(lines).toHaveLength(count + 1);
    // `request`: true on the one call that stands for its request — a panel's calls count one, a shadow none.
    const header = lines[0]!.trim().split(',');
    const requestOf = (id: string) =>
      lines
        .find((line) => line.startsWith(`${id},`))
        ?.trim()
        .split(',')[header.indexOf('request')];
    const panelCalls = lines.filter((line) => line.startsWith(`${made.panel}.`)).map((line) => line.split(',')[0]!);
    expect(panelCalls.length).toBeGreaterThan(1);
    expect(panelCalls.map(requestOf).sort()).toEqual([...Array(panelCalls.length - 1).fill('false'), 'true']);
    expect([requestOf(made.shadowedCall), requestOf(`${made.shadowedCall}-shadow-1`)]).toEqual(['true', 'false']);
    const all = await fetch(`${t.url}/bench/calls/export?format=jsonl`, { headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}` } });
    const rows = (await all.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => Object.keys(row))).toEqual(rows.map(() => header));
    const panelRows = rows.filter((row) => row.id.startsWith(`${made.panel}.`));
    expect([panelRows.length, panelRows.filter((row) => row.request === true).length]).toEqual([panelCalls.length, 1]);
    expect(rows.find((row) => row.id === made.shadowedCall).request).toBe(true);
    const jsonl = await fetch(`${t.url}/bench/calls/export?format=jsonl&to=${made.startedAt}`, { headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}` } });
    expect(await jsonl.text()).toBe('');
    const bad = await t.get('/bench/calls/export?format=xml');
    expect(bad.json.error.param).toBe('format');
  });
});
