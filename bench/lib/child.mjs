// Starts a bench process (upstream, proxy or gateway) as a child with IPC, waits for its URL,
// and reads its CPU and memory on demand.
import { fork } from 'node:child_process';

export async function startChild(file, { env = {}, quietStdout = false, execArgv = [] } = {}) {
  const child = fork(new URL(file, import.meta.url), [], {
    env: { ...process.env, ...env },
    // --expose-gc: memory is read after a full collection, so garbage left by earlier work is not counted.
    execArgv: ['--expose-gc', ...execArgv],
    stdio: ['ignore', quietStdout ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map();
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)));
    child.on('message', (message) => {
      if (message?.type === 'ready') resolve(message.url);
      else if (waiting.has(message?.id)) {
        waiting.get(message.id)(message);
        waiting.delete(message.id);
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    pid: child.pid,
    /** `{cpu: {user, system} µs since start, rss bytes, heap bytes, memory: process.memoryUsage(), spaces: {V8 heap space: bytes}}` of the child. */
    usage({ gc = false } = {}) {
      return this.ask('usage', { gc });
    },
    /** Sends `{cmd, id, ...fields}` and resolves with the child's answer carrying the same id. */
    ask(cmd, fields = {}) {
      const id = ++next;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ ...fields, cmd, id });
      });
    },
    /** Writes a heap snapshot of the child to `file` (after the GC the snapshot itself runs); resolves to its path. */
    snapshot(file) {
      const id = ++next;
      return new Promise((resolve) => {
        waiting.set(id, (message) => resolve(message.file));
        child.send({ cmd: 'snapshot', id, file });
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // Asked to exit (not killed), so that a --cpu-prof child writes its profile.
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.send({ cmd: 'exit' });
      });
    },
  };
}

export const cpuMicros = (usage) => usage.cpu.user + usage.cpu.system;

/** Waits until `child` has gone quiet (under 4% of a core over 250 ms, at most `maxMs`): work queued by a run (ledger writes) counts toward it. */
export async function settled(child, maxMs = 10_000) {
  const until = Date.now() + maxMs;
  let last = await child.usage();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await child.usage();
    const busy = cpuMicros(now) - cpuMicros(last);
    last = now;
    if (busy < 10_000) break;
  }
  return last;
}
