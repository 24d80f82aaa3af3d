// `node bench/count-tokens.bench.mjs` (after `pnpm build`): how far each way of counting a request's input tokens is
// from the member's own count, over the request shapes real agent clients send (`../shared/clients/`, or BENCH_CLIENTS).
// Offline there is no vendor count API to ask, so the ground truth is OpenAI's own tokenizer (o200k_base, through
// `gpt-tokenizer`) for an OpenAI-family member (`gpt-4o-mini` on OpenAI Chat): the tokenizer path is that count by
// definition, and the figure measured is the estimate's error against it (the last resort, `x-bench-token-count:
// estimate`). Counting goes through the engine's own countTokens, once for a member the tokenizer knows and once for one
// it does not. Each capture's `<text, N chars>` placeholders are filled with N characters of technical English prose.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const engineDist = new URL('../packages/engine/dist/index.js', import.meta.url);
if (!existsSync(engineDist)) throw new Error('build first: pnpm build');
const { createEngine } = await import(engineDist.href);
const { getCodec, parseAnthropicCountTokensRequest } = await import(new URL('../packages/formats/dist/index.js', import.meta.url).href);

const CLIENTS = process.env.BENCH_CLIENTS ?? fileURLToPath(new URL('../../shared/clients/', import.meta.url));
const PROSE =
  'The gateway reads the request, picks a member by its record, and streams the answer back; when the member fails ' +
  'before its first token, the next one is tried. Configure `collections.agents.members` with model aliases, then run ' +
  'bench-gateway check --config bench.jsonc to see each provider answer. Errors name the field (messages[2].content), ' +
  'why it is wrong, and what to do. function handleRequest(req, res) { return router.plan(req).then(send); } ';
const fill = (length) => PROSE.repeat(Math.ceil(length / PROSE.length)).slice(0, length);
const fillJSON = (length) => JSON.stringify({ path: fill(Math.max(0, length - 12)) });

function filled(value, field = '') {
  if (typeof value === 'string') {
    const text = /^<text, (\d+) chars>$/.exec(value);
    if (text) return field === 'arguments' ? fillJSON(Number(text[1])) : fill(Number(text[1]));
    return value;
  }
  if (Array.isArray(value)) {
    const out = [];
    for (const item of value) {
      const more = typeof item === 'string' ? /^<(\d+) more items>$/.exec(item) : null;
      const previous = out.at(-1);
      if (more && previous)
        for (let k = 1; k <= Number(more[1]); k += 1) out.push({ ...previous, ...(previous.name ? { name: `${previous.name}_${k}` } : {}) });
      else out.push(filled(item));
    }
    return out;
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, filled(inner, name)]));
  return value;
}

/** The capture's body as the neutral request bench counts. */
function neutralOf(capture) {
  const body = filled(capture.body);
  if (capture.protocol === 'anthropic') return parseAnthropicCountTokensRequest(body);
  const gemini = /\/models\/([^/:]+):/.exec(capture.path);
  return getCodec(capture.protocol).parseRequest(body, gemini ? { model: gemini[1] } : {});
}

const engine = await createEngine({
  ledger: 'memory:',
  state: 'memory:',
  providers: { chat: { baseURL: 'http://127.0.0.1:9/v1', api: 'openai-chat' } },
  models: {
    openai: { provider: 'chat', model: 'gpt-4o-mini', tools: true, vision: true },
    other: { provider: 'chat', model: 'local-model', tools: true, vision: true },
  },
  collections: {},
});

const rows = [];
for (const file of readdirSync(CLIENTS)
  .filter((name) => name.endsWith('.json'))
  .sort()) {
  const capture = JSON.parse(readFileSync(join(CLIENTS, file), 'utf8'));
  if (capture.method !== 'POST' || !capture.body) continue;
  let request;
  try {
    request = neutralOf(capture);
  } catch (error) {
    rows.push({ file, skipped: error.message.slice(0, 80) });
    continue;
  }
  const truth = await engine.countTokens(request, { model: 'openai' });
  const estimate = await engine.countTokens(request, { model: 'other' });
  if (truth.method !== 'tokenizer' || estimate.method !== 'estimate') throw new Error(`${file}: counted by ${truth.method} and ${estimate.method}`);
  rows.push({
    file,
    tools: request.tools?.length ?? 0,
    truth: truth.tokens,
    estimate: estimate.tokens,
    error: (estimate.tokens - truth.tokens) / truth.tokens,
  });
}
await engine.close();

const pct = (x) => `${(x * 100).toFixed(1)}%`;
console.log('capture                 tools  tokenizer   estimate   estimate error');
for (const row of rows) {
  if (row.skipped) console.log(`${row.file.padEnd(22)}  skipped: ${row.skipped}`);
  else
    console.log(
      `${row.file.padEnd(22)} ${String(row.tools).padStart(5)} ${String(row.truth).padStart(10)} ${String(row.estimate).padStart(10)} ${pct(row.error).padStart(12)}`,
    );
}
const errors = rows.filter((row) => !row.skipped).map((row) => row.error);
const sorted = errors.map(Math.abs).sort((a, b) => a - b);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
console.log(
  `\n${errors.length} requests. Against OpenAI's tokenizer (the ground truth here): tokenizer 0% by definition; ` +
    `estimate mean |error| ${pct(mean(sorted))}, median ${pct(sorted[Math.floor(sorted.length / 2)])}, worst ${pct(sorted.at(-1))}, mean signed ${pct(mean(errors))}.`,
);
console.log('A member with its own count API (Anthropic, Gemini, OpenAI Responses) is counted by that API: not measurable offline.');
