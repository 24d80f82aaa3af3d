// Preloaded (`--import`) into a gateway child by bench/count-per-request.mjs: counts that do not depend on how busy
// the machine is. On `{cmd: 'count-start'}` it starts counting async resources by type (every promise, every
// timer…) and V8's sampled allocations (a heap sampling profile keeping the objects minor and major GCs freed); on
// `{cmd: 'count-stop'}` it answers with the counts, the sampled bytes, and the bytes per allocating function.
import { createHook } from 'node:async_hooks';
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const session = new Session();
session.connect();
let counts = new Map();
const hook = createHook({
  init(_id, type) {
    counts.set(type, (counts.get(type) ?? 0) + 1);
    if (sites && (type === 'PROMISE' || type === 'Timeout' || type === 'Immediate')) {
      const site = type === 'PROMISE' ? promiseSite() : `${type}: ${timerSite()}`;
      sites.set(site, (sites.get(site) ?? 0) + 1);
    }
  },
});
const SAMPLING_BYTES = 256;
// Collections by kind while counting: how many (load-insensitive) and their pauses in ms (not).
const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
let gcs;
new PerformanceObserver((list) => {
  if (!gcs) return;
  for (const entry of list.getEntries()) {
    const kind = GC_KINDS[entry.detail?.kind] ?? 'other';
    gcs[`gc ${kind}`] = (gcs[`gc ${kind}`] ?? 0) + 1;
    gcs[`gc ${kind} ms`] = (gcs[`gc ${kind} ms`] ?? 0) + entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
let sites;
const where = (url) => url.replace(/^.*\/(packages|node_modules)\//, '$1/');

/** The stack's frames above `below` (at most `depth`), each as a short path. */
function framesAbove(below, depth) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = depth;
  const holder = {};
  Error.captureStackTrace(holder, below);
  Error.stackTraceLimit = limit;
  return holder.stack
    .split('\n')
    .slice(1)
    .map((line) => where(line.trim().replace(/^at /, '')))
    .filter((frame) => !frame.includes('count-preload'));
}

/** Where a timer or an immediate is made: Node's own frames kept (a setTimeout's caller may be Node's HTTP server). */
function timerSite() {
  const frames = framesAbove(timerSite, 12).filter(
    (frame) => !frame.includes('async_hooks') && !frame.includes('initAsyncResource') && !frame.startsWith('new '),
  );
  return frames.slice(0, 4).join(' ← ');
}

/** The first frame of the stack that is not Node's own: the code that made the promise (an async function, a then…). */
function promiseSite() {
  const frames = framesAbove(promiseSite, 8).filter((frame) => !frame.includes('node:internal'));
  // A builtin's frame (`Promise.then (<anonymous>)`, `new Promise`) says little alone: with its caller's.
  const first = frames.findIndex((frame) => !frame.includes('<anonymous>'));
  return first < 0 ? (frames[0] ?? '?') : frames.slice(0, first + 1).join(' ← ');
}

process.on('message', async (message) => {
  if (message?.cmd === 'count-start') {
    counts = new Map();
    gcs = message.asyncResources ? {} : undefined;
    sites = message.promiseSites ? new Map() : undefined;
    if (message.allocations) {
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: SAMPLING_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    if (message.asyncResources) hook.enable();
    process.send({ id: message.id });
  } else if (message?.cmd === 'count-stop') {
    hook.disable();
    if (gcs) for (const [kind, n] of Object.entries(gcs)) counts.set(kind, n);
    gcs = undefined;
    const byFunction = new Map();
    let bytes = 0;
    if (message.allocations) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      const walk = (node) => {
        const self = node.selfSize;
        if (self > 0) {
          const { functionName, url, lineNumber } = node.callFrame;
          const site = `${functionName || '(anonymous)'} ${where(url)}${message.lines ? `:${lineNumber + 1}` : ''}`;
          byFunction.set(site, (byFunction.get(site) ?? 0) + self);
          bytes += self;
        }
        for (const child of node.children) walk(child);
      };
      walk(profile.head);
    }
    process.send({
      id: message.id,
      counts: Object.fromEntries(counts),
      bytes,
      byFunction: [...byFunction].sort((a, b) => b[1] - a[1]),
      sites: sites ? [...sites].sort((a, b) => b[1] - a[1]) : undefined,
    });
  }
});
