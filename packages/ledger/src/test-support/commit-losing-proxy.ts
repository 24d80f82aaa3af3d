import { connect, createServer, type Socket } from 'node:net';

/** A TCP proxy in front of a PostgreSQL server that can lose the answer to a COMMIT the server has done. */
export interface CommitLosingProxy {
  /** The database URL, through the proxy. */
  url: string;
  /** The next COMMIT's answer is never forwarded: both connections are cut once the server says it committed. */
  loseNextCommit(): void;
  /** COMMITs done by the server whose answer the client never got. */
  readonly lost: number;
  close(): Promise<void>;
}

/** A CommandComplete message ('C', its length, then "COMMIT\0"): the server sends it once the commit is durable. */
const COMMIT_DONE = Buffer.from('COMMIT\u0000');

export async function startCommitLosingProxy(databaseUrl: string): Promise<CommitLosingProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let armed = false;
  let lost = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    // The server's side, read message by message (a type byte, then a length that counts itself).
    let pending = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      let at = 0;
      while (pending.length - at >= 5) {
        const length = pending.readUInt32BE(at + 1);
        if (pending.length - at < 1 + length) break;
        const body = pending.subarray(at + 5, at + 1 + length);
        if (armed && pending[at] === 0x43 && body.equals(COMMIT_DONE)) {
          armed = false;
          lost += 1;
          client.write(pending.subarray(0, at));
          client.destroy();
          upstream.destroy();
          return;
        }
        at += 1 + length;
      }
      client.write(pending.subarray(0, at));
      pending = pending.subarray(at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    loseNextCommit() {
      armed = true;
    },
    get lost() {
      return lost;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
