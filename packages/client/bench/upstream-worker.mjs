// Runs the fake upstream in its own thread, as a real upstream runs in its own process.
import { parentPort, workerData } from 'node:worker_threads';
import { startFakeUpstream } from '@bench/testkit';

const upstream = await startFakeUpstream({
  models: { bench: { answer: { text: Array.from({ length: workerData.pieces }, (_, i) => `tok${i} `) } } },
});
parentPort.postMessage(upstream.url);
parentPort.on('message', async (message) => {
  if (message === 'close') {
    await upstream.close();
    parentPort.close();
  }
});
