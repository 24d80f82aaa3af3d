/**
 * The worker thread that owns a ledger's SQLite connection (see
 * `sqlite-worker-store.ts`): opens and migrates the file named in
 * `workerData.path`, then answers store requests one at a time, in order, and
 * writes the batches left in `workerData.mailbox` (see `write-mailbox.ts`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteStore } from './sqlite-store';
import { answer, toWireError, type WakeUp, type WorkerReady, type WorkerRequest } from './worker-protocol';
import { decodeWriteBatch, type EncodedBatch } from './write-batch-codec';
import { MAILBOX_IDLE_POLLS, MAILBOX_POLL_MS, WriteMailbox } from './write-mailbox';

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
  const reply = (request: WorkerRequest) =>
    answer((request.op === 'writeQueued' ? batches : open) as never, request).then((reply) => {
      port.postMessage(reply);
      if (request.op === 'close') {
        clearTimeout(polling);
        port.close();
      }
    });
  const mailbox = new WriteMailbox((workerData as { mailbox: SharedArrayBuffer }).mailbox);
  let polling: NodeJS.Timeout | undefined;
  let idle = 0;
  /** Writes the batch left in the mailbox, if any, and looks again later, until it has been idle a while. */
  const poll = () => {
    clearTimeout(polling);
    polling = undefined;
    const taken = mailbox.take();
    if (taken) {
      idle = 0;
      void reply({ id: taken.id, op: 'writeQueued', args: [taken.batch] });
    } else if (++idle >= MAILBOX_IDLE_POLLS && mailbox.sleep()) return;
    polling = setTimeout(poll, MAILBOX_POLL_MS);
  };
  port.on('message', (request: WorkerRequest | WakeUp) => {
    if (request.op === 'poll') {
      idle = 0;
      mailbox.wake();
      poll();
    } else void reply(request);
  });
}
