import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger } from '../create-ledger';

// A database that accepts connections and never answers (hung, not down) must not hold a start-up for ever.
let hung: Server | undefined;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  hung?.close();
});

describe('a Postgres ledger over a database that hangs', () => {
  it('fails to open within its connect timeout, saying why', async () => {
    hung = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => hung!.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as { port: number }).port;
    await expect(createLedger(`postgres://bench@127.0.0.1:${port}/ledger`)).rejects.toThrow(/timeout/i);
  }, 20_000);
});
