import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './start-fake-upstream';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ models: { 'up-a': { answer: { text: 'a' } }, 'up-b': { answer: { text: 'b' } } } });
});
afterAll(async () => {
  await upstream.close();
});

describe('model listings', () => {
  it("lists the scripted models in each protocol's own shape", async () => {
    const get = async (path: string) => (await fetch(upstream.url + path)).json();
    expect(await get('/v1/models')).toMatchObject({ data: [{ id: 'up-a' }, { id: 'up-b' }] });
    expect(await get('/v1beta/models')).toMatchObject({ models: [{ name: 'models/up-a' }, { name: 'models/up-b' }] });
    expect(await get('/api/tags')).toMatchObject({ models: [{ name: 'up-a' }, { name: 'up-b' }] });
    expect((await fetch(`${upstream.url}/nothing`)).status).toBe(404);
  });
});
