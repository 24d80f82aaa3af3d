export const MODELS = 50;
const BASE_TIME = 1_800_000_000_000;

/** The call the gateway would record for seat `i`: 50 models, 4 seats a panel, 1 in 20 failing. */
export function record(i, prefix = 'p') {
  return {
    id: `${prefix}${i >> 2}.${i & 3}`,
    time: BASE_TIME + i,
    purpose: 'seat',
    collection: i % 10 === 0 ? 'agents' : 'core',
    keyName: 'alice',
    alias: `m${i % MODELS}`,
    provider: 'local',
    status: i % 20 === 0 ? 'error' : 'ok',
    usage: { inputTokens: 1200, outputTokens: 300, reasoningTokens: 50, cachedInputTokens: 200 },
    price: { input: 0.1, output: 0.4 },
    seconds: 1.2,
    firstPieceSeconds: 0.3,
    finishReason: 'stop',
    toolCalls: 0,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Yield to the event loop, as a server does between requests. */
export const tick = () => new Promise((resolve) => setImmediate(resolve));

export function fmt(n, digits = 0) {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
