import type { GatewayConfig } from '@bench/engine';

/** What a listening server took when it started: a reload keeps them, and says they need a restart. */
const SERVER_FIELDS = ['host', 'port', 'requestTimeoutMs'] as const;
/** Where traces go and as what service: the tracer and its exporter are made once, at start. */
const TELEMETRY_FIELDS = ['otlp', 'serviceName'] as const;

/** The next config with the running gateway's start-only fields, and the paths of those the next one would change. */
export function keepStartFields(running: GatewayConfig, next: GatewayConfig): { config: GatewayConfig; restartNeeded: string[] } {
  const restartNeeded = [
    ...SERVER_FIELDS.filter((field) => running.server[field] !== next.server[field]).map((field) => `server.${field}`),
    ...TELEMETRY_FIELDS.filter((field) => running.telemetry[field] !== next.telemetry[field]).map((field) => `telemetry.${field}`),
  ];
  const { host, port, requestTimeoutMs } = running.server;
  return { config: { ...next, server: { ...next.server, host, port, requestTimeoutMs }, telemetry: running.telemetry }, restartNeeded };
}

/** Whether a changed path (`telemetry`, when the whole table was added) is, or holds, one that waits for a restart. */
export const waitsForRestart = (path: string, restartNeeded: readonly string[]) =>
  restartNeeded.some((waiting) => waiting === path || waiting.startsWith(`${path}.`));
