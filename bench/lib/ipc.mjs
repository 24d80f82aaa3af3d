// The child side of the bench's IPC: say ready with a URL, then answer usage queries
// (CPU since start, the main thread's alone, resident memory) so the parent can attribute cost to this process.
import { mainThreadCpuUs } from '../../packages/ledger/bench/thread-cpu.mjs';

export function serveIpc(ready) {
  process.on('message', (message) => {
    if (message?.cmd === 'usage') {
      if (message.gc && globalThis.gc) globalThis.gc();
      process.send({
        id: message.id,
        cpu: process.cpuUsage(),
        mainCpuUs: mainThreadCpuUs(),
        rss: process.memoryUsage().rss,
        heap: process.memoryUsage().heapUsed,
      });
    } else if (message?.cmd === 'exit') {
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready', ...ready });
}
