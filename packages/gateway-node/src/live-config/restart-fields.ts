import type { GatewayConfig } from '@bench/engine';

/** What a listening server took when it started: a reload keeps them, and says they need a restart. */
const RESTART_FIELDS = ['host', 'port', 'requestTimeoutMs'] as const;

/** The next config with the running server's listen fields, and the paths of those the next one would change. */
export function keepListenFields(running: GatewayConfig, next: GatewayConfig): { config: GatewayConfig; restartNeeded: string[] } {
  const restartNeeded = RESTART_FIELDS.filter((field) => running.server[field] !== next.server[field]).map((field) => `server.${field}`);
  const { host, port, requestTimeoutMs } = running.server;
  return { config: { ...next, server: { ...next.server, host, port, requestTimeoutMs } }, restartNeeded };
}
