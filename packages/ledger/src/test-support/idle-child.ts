/**
 * A process that records a call, flushes and then does nothing more (no close): with the SQLite connection on a
 * worker thread it must still exit by itself, as it did with the connection on its own thread. Argument: URL.
 */
import { createLedger } from '../create-ledger';

const ledger = await createLedger(process.argv[2] ?? '');
ledger.recordCall({ id: 'idle.1', purpose: 'seat', alias: 'm1', status: 'ok' });
await ledger.flush();
process.stdout.write('1\n');
