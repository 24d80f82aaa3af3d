import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@bench/engine';
import { startTestGateway } from './test-gateway';

/** A non-loopback IPv4 address of this machine, if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
if (!external) console.warn('\n!!! no non-loopback IPv4 address: the non-loopback caller test is SKIPPED !!!\n');

describe('a gateway without keys serves loopback only', () => {
  it('listen() refuses a non-loopback host without keys', async () => {
    const t = await startTestGateway();
    try {
      await expect(t.gateway.listen({ host: '0.0.0.0', port: 0 })).rejects.toSatisfy((error) => ConfigError.isInstance(error));
    } finally {
      await t.close();
    }
  });

  it.skipIf(!external)("the listener mounted on another interface answers a non-loopback caller 403, in the path's protocol shape", async () => {
    const t = await startTestGateway();
    const server = createServer(t.gateway.listener);
    await new Promise<void>((resolve) => server.listen(0, external, () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://${external}:${port}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bench/agents', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'permission_error', message: expect.stringMatching(/loopback/) } });
      expect(t.upstream.requests).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    }
  });
});
