// What an app that embeds bench's routing in its own process writes (issue 20): an engine from a
// configuration, and a route turn through it, with no HTTP server of bench's own.
// scripts/pack-check.mjs includes this file only when packages/engine exists and is public.
import assert from 'node:assert/strict';
import { createEngine, parseConfig } from '@bench/engine';
import type { NeutralRequest } from '@bench/formats';
import { ANSWER, startUpstream } from './upstream.js';

const upstream = await startUpstream();
const engine = await createEngine(
  parseConfig({
    ledger: 'memory:',
    state: 'memory:',
    providers: { local: { baseURL: upstream.baseURL, api: 'openai-chat' } },
    models: { tiny: { provider: 'local', model: 'tiny-1', contextWindow: 32_000, maxOutput: 4_000, tools: true, vision: false } },
    collections: { agents: { members: ['tiny'], reply: 'route' } },
  }),
);
try {
  const request: NeutralRequest = {
    model: 'bench/agents',
    system: [{ type: 'text', text: 'You answer briefly.' }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello.' }] }],
    stream: true,
    extra: {},
  };
  let text = '';
  let finish: string | undefined;
  for await (const event of engine.turn(request, { model: 'bench/agents' })) {
    if (event.type === 'text-delta') text += event.text;
    if (event.type === 'finish') finish = event.reason;
    if (event.type === 'error') assert.fail(`the turn ended in an error event: ${event.error.message}`);
  }
  assert.equal(text, ANSWER.join(''));
  assert.equal(finish, 'stop');
  assert.equal(upstream.seen[0]?.body.model, 'tiny-1');
  console.log(`engine: bench/agents answered "${text}" (${finish})`);
} finally {
  await engine.close();
  await upstream.close();
}
