// Load and timing helpers: autocannon runs with the target's CPU read around them, sequential
// latency and time-to-first-content loops, and many held-open streams.
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { cpuMicros, settled } from './child.mjs';

export const MARKER = 'Zebracorn';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

let sent = 0;

/**
 * autocannon against `target`, its CPU read before and after (once it has settled): requests/s (2xx), CPU µs per 2xx
 * reply, and of that the main thread's (the serving thread; NaN where /proc is missing).
 */
export async function cannon(target, { path, body, bodyFor, headers, connections, seconds, rate, others = [] }) {
  const before = await settled(target);
  const othersBefore = await Promise.all(others.map((o) => o.usage()));
  const result = await autocannon({
    url: target.url + path,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(bodyFor ? { requests: [{ setupRequest: (req) => ({ ...req, body: bodyFor(++sent) }) }] } : { body }),
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
  // CPU spent after the last reply on work the run queued (ledger writes) belongs to those requests.
  const after = await settled(target);
  const othersAfter = await Promise.all(others.map((o) => settled(o)));
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  if (ok === 0) throw new Error(`no 2xx replies from ${target.url}${path} (non-2xx ${result.non2xx}, errors ${result.errors})`);
  return {
    rps: ok / result.duration,
    cpuPerRequestUs: (cpuMicros(after) - cpuMicros(before)) / ok,
    mainCpuPerRequestUs: ((after.mainCpuUs ?? Number.NaN) - (before.mainCpuUs ?? Number.NaN)) / ok,
    othersCpuPerRequestUs: othersAfter.map((a, i) => (cpuMicros(a) - cpuMicros(othersBefore[i])) / ok),
    requests: ok,
    failed: bad,
  };
}

/** One request over `agent`; resolves with ms to the marker (or to the end) and ms to the end. */
function once(agent, url, { path, body, headers }) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let first;
    let seen = '';
    const req = request(
      url + path,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (text) => {
          if (first !== undefined) return;
          seen += text;
          if (seen.includes(MARKER)) first = process.hrtime.bigint();
        });
        res.on('end', () => {
          const end = process.hrtime.bigint();
          if (res.statusCode !== 200) return reject(new Error(`${url}${path}: status ${res.statusCode}: ${seen.slice(0, 300)}`));
          resolve({ firstMs: Number((first ?? end) - start) / 1e6, totalMs: Number(end - start) / 1e6, sawMarker: first !== undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sequential requests on one keep-alive connection for `seconds`: median ms to the end and to the first content. */
export async function sequential(url, spec, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const totals = [];
  const firsts = [];
  const until = Date.now() + seconds * 1000;
  try {
    while (Date.now() < until) {
      const { totalMs, firstMs, sawMarker } = await once(agent, url, spec);
      if (!sawMarker) throw new Error(`${url}${spec.path}: the reply never carried the first content piece`);
      totals.push(totalMs);
      firsts.push(firstMs);
    }
  } finally {
    agent.destroy();
  }
  return { medianMs: median(totals), firstMs: median(firsts), samples: totals.length };
}

/**
 * Opens `count` streams, `batch` at a time (each batch waits for its streams' first content piece, or `timeoutMs`,
 * before the next opens: thousands of connects at once overflow the listener's accept backlog); resolves when every
 * stream has shown its first piece or its batch timed out.
 */
export async function openStreams(url, { path, bodyFor, headers }, count, timeoutMs, batch = count) {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const requests = [];
  let established = 0;
  let ended = 0;
  let failed = 0;
  /** Failed connections by error code (ECONNRESET, ETIMEDOUT…): why a caller could not open its stream. */
  const failures = {};
  let closing = false;
  const open = (i) =>
    new Promise((resolve) => {
      const body = bodyFor(i);
      const req = request(
        url + path,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
        (res) => {
          res.setEncoding('utf8');
          let seen = '';
          res.on('data', (text) => {
            if (seen === null) return;
            seen += text;
            if (seen.includes(MARKER)) {
              seen = null;
              established += 1;
              resolve();
            }
          });
          res.on('error', () => {});
          res.on('close', () => {
            if (seen === null && !closing) ended += 1;
          });
          res.on('end', () => resolve());
        },
      );
      req.on('error', (error) => {
        failed += 1;
        failures[error.code ?? error.message] = (failures[error.code ?? error.message] ?? 0) + 1;
        resolve();
      });
      req.end(body);
      requests.push(req);
    });
  for (let from = 0; from < count; from += batch) {
    const opened = [];
    for (let i = from; i < Math.min(count, from + batch); i += 1) opened.push(open(i));
    let timer;
    await Promise.race([Promise.all(opened), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }
  return {
    established: () => established,
    /** Streams that showed their first piece and are still open. */
    held: () => established - ended,
    failed: () => failed,
    failures: () => failures,
    close() {
      closing = true;
      for (const req of requests) req.destroy();
      agent.destroy();
    },
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
