/** A refusal to listen, saying what to do (another port, another address). */
export function listenError(error: unknown, server: { host: string; port: number }): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const at = `${server.host}:${server.port}`;
  if (code === 'EADDRINUSE')
    return new Error(
      `port ${server.port} on ${server.host} is in use (another bench gateway?): stop that process, or pick another port with --port N (0 picks a free one)`,
    );
  if (code === 'EACCES') return new Error(`not allowed to listen on ${at} (ports below 1024 need privileges): pick another port with --port N`);
  if (code === 'EADDRNOTAVAIL')
    return new Error(`${server.host} is not an address of this machine: pick another with --host H (127.0.0.1 for this machine only)`);
  return error as Error;
}
