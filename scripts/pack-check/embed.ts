// What an embedder of bench writes: translate a request between two protocols (@bench/formats),
// plan a route turn over memory stores (@bench/router), and call an upstream (@bench/client).
// scripts/pack-check.mjs type-checks this against the packed packages and runs it in a scratch project.
import assert from 'node:assert/strict';
import { createClient } from '@bench/client';
import { anthropicCodec, type NeutralRequest, openaiChatCodec } from '@bench/formats';
import { createMemoryConversationStore, createRouter } from '@bench/router';
import { ANSWER, startUpstream } from './upstream.js';

const anthropicBody = {
  model: 'claude-sonnet-4-5',
  max_tokens: 256,
  system: 'You answer briefly.',
  messages: [{ role: 'user', content: 'Say hello.' }],
  stream: true,
};

// formats: an Anthropic Messages request, sent on to an OpenAI Chat Completions upstream.
const request: NeutralRequest = anthropicCodec.parseRequest(anthropicBody);
const upstreamRequest = openaiChatCodec.formatRequest(request);
const chatBody = upstreamRequest.body as { messages: Array<{ role: string }>; stream?: boolean };
assert.equal(upstreamRequest.path, '/chat/completions');
assert.deepEqual(
  chatBody.messages.map((m) => m.role),
  ['system', 'user'],
);
console.log(`formats: anthropic -> openai-chat ${upstreamRequest.path} [${chatBody.messages.map((m) => m.role).join(', ')}]`);

// router: plan a turn of a route collection over memory stores, settle it, plan the next one.
const router = createRouter({ conversations: createMemoryConversationStore() });
const collection = {
  name: 'agents',
  members: [
    { alias: 'big', contextWindow: 200_000, maxOutput: 32_000, tools: true, vision: true },
    { alias: 'small', contextWindow: 8_000, maxOutput: 4_000, tools: false, vision: false },
  ],
};
const headers = { 'x-session-id': 'pack-check-session' };
const first = await router.plan({ collection, keyName: 'embedder', request, headers });
assert.equal(first.isNew, true);
const answered = first.members[0]?.alias;
assert.ok(answered, 'the plan has a member');
await router.settle(first, { answered });
const second = await router.plan({ collection, keyName: 'embedder', request, headers });
assert.equal(second.isNew, false);
assert.equal(second.members[0]?.alias, answered);
console.log(`router: turn ${first.turn} new, turn ${second.turn} kept on the member that answered`);

// client: stream a reply from a small OpenAI Chat upstream on 127.0.0.1.
const upstream = await startUpstream();
const client = createClient();
try {
  const run = client.call(
    { alias: 'tiny', api: 'openai-chat', baseURL: upstream.baseURL, model: 'tiny-1', apiKey: 'sk-pack-check' },
    { ...request, stream: true },
  );
  const commit = await run.committed;
  assert.equal(commit.ok, true);
  let streamed = '';
  for await (const event of run.events) if (event.type === 'text-delta') streamed += event.text;
  const result = await run.result;
  assert.equal(result.ok, true);
  assert.equal(streamed, ANSWER.join(''));
  assert.equal(result.text, ANSWER.join(''));
  assert.equal(result.finishReason, 'stop');
  assert.equal(upstream.seen.length, 1);
  assert.equal(upstream.seen[0]?.body.model, 'tiny-1');
  assert.equal(upstream.seen[0]?.authorization, 'Bearer sk-pack-check');
  console.log(`client: "${result.text}" (${result.finishReason}, ${result.usage?.outputTokens} output tokens)`);
} finally {
  await client.close();
  await upstream.close();
}
