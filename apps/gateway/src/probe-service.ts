import { connect } from 'node:net';

/**
 * Whether a TCP service answers at host:port within the timeout: undefined when
 * it does, else the reason (`ECONNREFUSED`, `no answer in 1000 ms`). For Redis
 * a PING is sent too, so that a port held by something else does not pass.
 */
export function probeService(address: { host: string; port: number }, timeoutMs: number, kind?: 'redis'): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: address.host, port: address.port });
    const done = (reason: string | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done(`no answer in ${timeoutMs} ms`), timeoutMs);
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    socket.once('connect', () => {
      if (kind !== 'redis') return done(undefined);
      socket.write('PING\r\n');
      socket.once('data', (chunk: Buffer) => {
        const reply = chunk.toString();
        // +PONG, or -NOAUTH / -ERR from a Redis that wants a password: a Redis either way.
        done(reply.startsWith('+') || reply.startsWith('-') ? undefined : 'something other than Redis answered');
      });
    });
  });
}
