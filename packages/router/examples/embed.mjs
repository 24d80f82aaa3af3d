// Embedding @bench/router in a plain Node app: a node:http server that plans
// a turn for a posted NeutralRequest and reports who should answer it.
//   node examples/embed.mjs            (PORT=0 picks a free port)
//   curl -s localhost:PORT/plan -H 'x-session-id: s1' -d '{"request": {...}}'
import { createServer } from 'node:http';
import {
  createRouter,
  InvalidRouteInputError,
  NoEligibleMemberError,
  RequestTooLargeError,
} from '@bench/router';

const collection = {
  name: 'agents',
  members: [
    { alias: 'm1', contextWindow: 200_000, maxOutput: 32_000, tools: true, vision: false },
    { alias: 'm2', contextWindow: 128_000, maxOutput: 16_000, tools: true, vision: false },
    { alias: 'm3', contextWindow: 32_768, maxOutput: 8_192, tools: false, vision: true },
  ],
};
const router = createRouter(); // memory stores; pass Redis stores for several replicas

function statusOf(error) {
  if (RequestTooLargeError.isInstance(error)) return 413;
  if (NoEligibleMemberError.isInstance(error) || InvalidRouteInputError.isInstance(error)) return 400;
  return 500;
}

const server = createServer(async (req, res) => {
  const reply = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST' || req.url !== '/plan') return reply(404, { error: 'POST /plan' });
  let body;
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return reply(400, { error: 'body: not JSON' });
  }
  try {
    const plan = await router.plan({ collection, keyName: 'demo', request: body.request, headers: req.headers });
    // Here the app would call plan.members in order; say the first answered.
    await router.settle(plan, { answered: plan.members[0].alias });
    reply(200, {
      conversation: plan.conversation,
      turn: plan.turn,
      isNew: plan.isNew,
      members: plan.members.map((m) => m.alias),
      skipped: plan.skipped,
    });
  } catch (error) {
    const status = statusOf(error);
    reply(status, { error: status === 500 ? 'internal error' : error.message });
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`router example listening on http://127.0.0.1:${server.address().port}`);
});
