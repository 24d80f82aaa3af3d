import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamExchange } from './upstream-exchange';

type Controller = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestStart']>>[0];

/** The exchange, with the controller undici gave it in view. */
class WatchedExchange extends UpstreamExchange {
  seen: Controller | undefined;
  override onRequestStart(controller: Controller): void {
    this.seen = controller;
    super.onRequestStart(controller);
  }
}

let server: Server;
let origin = '';
const agent = new Agent();
beforeAll(async () => {
  // A stream that stays open after its first piece, as a held upstream stream does.
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'x-upstream-note': 'kept' });
    res.write('data: first\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('UpstreamExchange', () => {
  it('keeps the parsed headers of an open stream, and lets go of the raw ones undici would hold for its whole life', async () => {
    const exchange = new WatchedExchange();
    agent.dispatch({ origin, path: '/', method: 'POST', body: '{}' }, exchange);
    const head = await exchange.head;
    expect(head.status).toBe(200);
    expect(head.headers['x-upstream-note']).toBe('kept');
    expect(exchange.seen?.rawHeaders).toBeNull();
    exchange.abort(new Error('test over'));
  });
});
