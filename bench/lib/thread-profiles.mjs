// The .cpuprofile files `node --cpu-prof` wrote in a directory, one a thread, the main thread's first: Node names
// them CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile, and the main thread's id is 0 (the ledger's
// SQLite worker writes its own). Each with the thread it is, for a heading.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function threadProfiles(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ path: join(dir, name), thread: Number(name.split('.').at(-3)) }))
    .sort((a, b) => a.thread - b.thread)
    .map(({ path, thread }) => ({ path, label: thread === 0 ? 'main thread' : `worker thread ${thread}` }));
}
