// Summarises a .cpuprofile (from `node --cpu-prof`): self time by function (mapped through the
// dist source maps to the TypeScript source where there is one) and by package.
// Usage: node bench/lib/summarize-profile.mjs FILE.cpuprofile [top=30]
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const sampled = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((a, [, us]) => a + us, 0);
// Shares are of busy time (idle samples left out), so they add up to the process's CPU.
const total = sampled - idle;

const maps = new Map();
function sourceMap(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      const path = fileURLToPath(url) + '.map';
      if (existsSync(path)) map = new SourceMap(JSON.parse(readFileSync(path, 'utf8')));
    } catch {}
    maps.set(url, map);
  }
  return maps.get(url);
}

function where(frame) {
  const { url, lineNumber, columnNumber, functionName } = frame;
  if (!url)
    return { fn: functionName || `(${frame.functionName || 'program'})`, file: '(native/vm)', pkg: functionName.startsWith('(') ? functionName : '(native)' };
  let file = url.replace(/^file:\/\//, '');
  let line = lineNumber + 1;
  const map = url.startsWith('file:') ? sourceMap(url) : null;
  if (map) {
    const entry = map.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      file = entry.originalSource.replace(/^.*?\/(packages\/)/, '$1').replace(/^\.\.\/src\//, '');
      line = entry.originalLine + 1;
    }
  }
  file = file.replace(/^.*\/work\/main\//, '');
  const pkg = file.startsWith('node:')
    ? 'node:' + (file.split(/[:/]/)[1] ?? '')
    : (/node_modules\/\.pnpm\/([^/]+)/.exec(file)?.[1]?.replace(/@(\d[^_]*).*$/, '') ??
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
        /^packages\/([^/]+)/.exec(file)?.[1] ??
        /dist\/|src\//.test(file))
      ? (/packages\/([^/]+)/.exec(url)?.[1] ?? file)
      : file;
  return {
    fn: functionName || '(anonymous)',
    file: `${file}:${line}`,
    pkg: /packages\/([^/]+)\/dist/.exec(url)?.[1] ? `@bench/${/packages\/([^/]+)\/dist/.exec(url)[1]}` : pkg,
  };
}

const byFn = new Map();
const byPkg = new Map();
const byFile = new Map();
for (const [id, us] of self) {
  if (byId.get(id).callFrame.functionName === '(idle)') continue;
  const w = where(byId.get(id).callFrame);
  const key = `${w.fn}  ${w.file}`;
  byFn.set(key, (byFn.get(key) ?? 0) + us);
  byPkg.set(w.pkg, (byPkg.get(w.pkg) ?? 0) + us);
  const fileKey = `${w.pkg}  ${w.file.replace(/:\d+$/, '')}`;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
}
// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const keyOf = new Map();
for (const node of profile.nodes) {
  const w = where(node.callFrame);
  keyOf.set(node.id, `${w.fn}  ${w.file}`);
}
const inclusive = new Map();
for (const [id, us] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const key = keyOf.get(cur);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
// Self time by stage of a request: each sample goes to the innermost frame on its stack that names a stage (Node's own
// HTTP and stream code counts only where no stage does), module loading apart. Shares are of the busy time after start-up.
const STAGES = [
  ['access log', /access-log|batched-log-destination|pino|sonic-boom/],
  ['metrics', /prom-client|metrics\//],
  ['ledger and records', /route-records|ledger-record-source|packages\/ledger|@bench\/ledger|call-record-of|new-call-id/],
  ['engine events', /@bench\/engine events\//],
  ['auth', /auth\//],
  ['read body', /read-body|json-depth|json-nesting/],
  ['parse (caller request, upstream SSE JSON, zod)', /parse-openai-chat|openai-chat-api|safe-parse-json|split-extra|describe-issues|zod/],
  ['serialise and write the reply', /format-openai-chat-reply|http\/send|node-reply/],
  ['decode upstream reply', /decode-body|stream-decoder|read-openai-chat-chunk|eventsource|reply-tally|reply-accumulator|utf8-text/],
  ['build upstream request', /build-upstream-request|format-openai-chat|auth-headers|merge-under|url-memo/],
  ['upstream call (client, undici)', /packages\/client|@bench\/client|undici/],
  ['router (plan, fingerprint, settle)', /packages\/router|@bench\/router/],
  ['key limits', /limits\//],
  ['route turn (engine)', /@bench\/engine (route|turn|runtime|shapes)\//],
  ['engine, other', /packages\/engine|@bench\/engine/],
  ['gateway-node, other', /packages\/gateway-node|@bench\/gateway-node/],
];
const NODE_HTTP = /node:_http|node:net|node:internal\/streams|stream_base|node:events|node:buffer/;
const whereOf = new Map(profile.nodes.map((node) => [node.id, where(node.callFrame)]));
const loading = (frame) =>
  frame.functionName === 'evaluate' || frame.functionName === 'compileSourceTextModule' || /modules\/(esm|cjs)\/|bootstrap\/realm/.test(frame.url);
function stageOf(id) {
  const leaf = byId.get(id).callFrame.functionName;
  if (leaf === '(garbage collector)' || leaf === '(program)') return leaf;
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) if (loading(byId.get(cur).callFrame)) return 'start-up (module loading)';
  for (const stages of [STAGES, [['Node HTTP and streams (no stage above)', NODE_HTTP]]]) {
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const w = whereOf.get(cur);
      const text = `${w.pkg} ${w.file} ${w.fn}`;
      for (const [name, pattern] of stages) if (pattern.test(text)) return name;
    }
  }
  return 'other (event loop, microtasks)';
}
const byStage = new Map();
for (const [id, us] of self) {
  if (byId.get(id).callFrame.functionName === '(idle)') continue;
  const stage = stageOf(id);
  byStage.set(stage, (byStage.get(stage) ?? 0) + us);
}
const startup = byStage.get('start-up (module loading)') ?? 0;
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(
  `${file}: ${(sampled / 1000).toFixed(0)} ms sampled, ${(total / 1000).toFixed(0)} ms busy (${((100 * idle) / sampled).toFixed(1)}% idle); shares below are of busy time`,
);
console.log('\nself time by package/module:');
for (const [pkg, us] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(us)}  ${pkg}`);
console.log('\nself time by source file (top 25):');
for (const [key, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(us)}  ${key}`);
console.log(`\nself time by stage (shares of the busy time after start-up; start-up was ${pct(startup).trim()} of all):`);
for (const [stage, us] of [...byStage].filter(([stage]) => stage !== 'start-up (module loading)').sort((a, b) => b[1] - a[1]))
  console.log(`${((100 * us) / (total - startup)).toFixed(1).padStart(5)}%  ${stage}`);
console.log(`\nself time by function (top ${top}):`);
for (const [key, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${key}`);
const skip =
  /^\((root|program|idle|garbage collector)\)|^(processTicksAndRejections|runMicrotasks|emit|listOnTimeout|processTimers|onStreamRead|parserOnIncoming|parserOnHeadersComplete|\(anonymous\)) {2}/;
console.log(`\ninclusive time by function (top ${top}, excluding event-loop plumbing):`);
for (const [key, us] of [...inclusive]
  .filter(([key]) => !skip.test(key))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`${pct(us)}  ${key}`);
