// The recovery bench's fake upstream, in its own thread: `whole` answers whole, `cut` is cut part way, `next`
// continues a prefill (and answers whole without one, as a restart).
import { parentPort, workerData } from 'node:worker_threads';
import { startFakeUpstream } from '@bench/testkit';

const text = Array.from({ length: workerData.pieces }, (_, i) => `tok${i} `);
const upstream = await startFakeUpstream({
  models: {
    whole: { answer: { text } },
    cut: { answer: { text }, cutAfterPieces: workerData.cut },
    next: { answer: { text }, prefill: 'continue' },
  },
});
parentPort.postMessage(upstream.url);
parentPort.on('message', async (message) => {
  if (message === 'close') {
    await upstream.close();
    parentPort.close();
  }
});
