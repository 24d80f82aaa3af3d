import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_KEYS, type DashboardGateway, startDashboardGateway } from './dashboard-gateway';
import { sdksFor } from './sdk-clients';
import { followEvents } from './follow-events';

let t: DashboardGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /bench/events', () => {
  it('sends each call, turn and verdict recorded after it opened, as server-sent events', async () => {
    t = await startDashboardGateway();
    const { seen } = await followEvents(t.url, DASHBOARD_KEYS.me);
    expect(seen.status).toBe(200);
    expect(seen.type).toMatch(/^text\/event-stream/);
    await vi.waitFor(() => expect(seen.comments).toContain('connected'));
    const reply = (await sdksFor(t.url, DASHBOARD_KEYS.bob).openai.chat.completions.create({
      model: 'bench/agents',
      messages: [{ role: 'user', content: 'watch me' }],
    })) as any;
    await vi.waitFor(() => expect(seen.events.map((e) => e.event)).toEqual(['call', 'turn']));
    expect(seen.events[0]!.data).toMatchObject({
      id: reply.bench.call,
      purpose: 'route',
      collection: 'agents',
      keyName: 'bob',
      alias: 'm1',
      status: 'ok',
      cost: expect.any(Number),
      time: expect.any(Number),
    });
    expect(seen.events[1]!.data).toMatchObject({ conversation: reply.bench.conversation, turn: 1, call: reply.bench.call, alias: 'm1', status: 'ok' });
    await fetch(`${t.url}/bench/verdict`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}`, 'content-type': 'application/json' },
      body: JSON.stringify({ call: reply.bench.call, useful: true }),
    });
    await vi.waitFor(() => expect(seen.events.at(-1)).toMatchObject({ event: 'verdict', data: { call: reply.bench.call, useful: true } }));
  });

  it('keeps a quiet stream open with comments', async () => {
    t = await startDashboardGateway(); // server.keepAliveMs is 200 in tests
    const { seen } = await followEvents(t.url, DASHBOARD_KEYS.me);
    await vi.waitFor(() => expect(seen.comments).toContain('keep-alive'), { timeout: 5_000 });
  });

  it('stops listening to the engine once its last reader disconnects', async () => {
    t = await startDashboardGateway();
    const events = t.gateway.engine.events;
    const others = events.listeners; // the limits' and the metrics' counters listen all along
    const feedListens = () => events.listeners > others;
    expect(feedListens()).toBe(false);
    const readers = [new AbortController(), new AbortController()];
    const followed = await Promise.all(readers.map((reader) => followEvents(t!.url, DASHBOARD_KEYS.me, reader.signal)));
    await vi.waitFor(() => expect(followed.every(({ seen }) => seen.comments.includes('connected'))).toBe(true));
    expect(events.listeners).toBe(others + 1); // one listener for every reader
    readers[0]!.abort();
    await sdksFor(t.url, DASHBOARD_KEYS.bob).openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'one left' }] });
    await vi.waitFor(() => expect(followed[1]!.seen.events.length).toBe(2));
    expect(feedListens()).toBe(true);
    readers[1]!.abort();
    // The next event finds the reader gone even if its close was not seen yet; either way, nobody listens after it.
    await sdksFor(t.url, DASHBOARD_KEYS.bob).openai.chat.completions.create({ model: 'bench/agents', messages: [{ role: 'user', content: 'none left' }] });
    await vi.waitFor(() => expect(feedListens()).toBe(false));
  });

  it('ends every stream cleanly when the gateway shuts down', async () => {
    const gateway = await startDashboardGateway();
    const { seen, reading } = await followEvents(gateway.url, DASHBOARD_KEYS.me);
    await vi.waitFor(() => expect(seen.comments).toContain('connected'));
    await gateway.close();
    await reading;
    expect(seen.ended).toBe(true);
  });

  it('refuses a parameter it does not take', async () => {
    t = await startDashboardGateway();
    const response = await fetch(`${t.url}/bench/events?since=0`, { headers: { authorization: `Bearer ${DASHBOARD_KEYS.me}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.param).toBe('since');
  });
});
