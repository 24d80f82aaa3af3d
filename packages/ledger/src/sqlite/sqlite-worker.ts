/**
 * The worker thread that owns a ledger's SQLite connection (see
 * `sqlite-worker-store.ts`): opens and migrates the file named in
 * `workerData.path`, then answers store requests one at a time, in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteStore } from './sqlite-store';
import { answer, toWireError, type WorkerReady, type WorkerRequest } from './worker-protocol';
import { decodeWriteBatch, type EncodedBatch } from './write-batch-codec';

const port = parentPort;
if (!port) throw new Error('sqlite-worker runs as a worker thread');
let store: SqliteStore | undefined;
try {
  store = new SqliteStore((workerData as { path: string }).path);
  port.postMessage({ ready: true } satisfies WorkerReady);
} catch (error) {
  port.postMessage({ ready: false, error: toWireError(error) } satisfies WorkerReady);
}
if (store) {
  const open = store;
  // Queued batches come encoded: decoded inside `answer`, so a bad one is that request's error, not the worker's end.
  const batches = { writeQueued: (encoded: EncodedBatch) => open.writeBatch(decodeWriteBatch(encoded)) };
  port.on('message', (request: WorkerRequest) => {
    void answer((request.op === 'writeQueued' ? batches : open) as never, request).then((reply) => {
      port.postMessage(reply);
      if (request.op === 'close') port.close();
    });
  });
}
