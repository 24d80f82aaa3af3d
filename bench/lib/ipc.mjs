// The child side of the bench's IPC: say ready with a URL, then answer usage queries (CPU since start, the main
// thread's alone, resident memory, `process.memoryUsage()` whole, and the size of each V8 heap space of the main
// thread) so the parent can attribute cost to this process, and whatever `counters()` adds (the upstream's pieces
// sent); and write a heap snapshot when asked.
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { mainThreadCpuUs } from '../../packages/ledger/bench/thread-cpu.mjs';

export function serveIpc(ready, counters = () => ({})) {
  process.on('message', (message) => {
    if (message?.cmd === 'usage') {
      if (message.gc && globalThis.gc) globalThis.gc();
      const memory = process.memoryUsage();
      const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
      process.send({
        id: message.id,
        cpu: process.cpuUsage(),
        mainCpuUs: mainThreadCpuUs(),
        rss: memory.rss,
        heap: memory.heapUsed,
        memory,
        spaces,
        ...counters(),
      });
    } else if (message?.cmd === 'snapshot') {
      process.send({ id: message.id, file: writeHeapSnapshot(message.file) });
    } else if (message?.cmd === 'exit') {
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready', ...ready });
}
