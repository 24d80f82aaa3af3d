/**
 * A separate process that writes calls to a ledger, for the crash and
 * two-writer tests. Arguments: URL, id prefix, count (0: until killed).
 * Prints the number of calls known committed after each flush.
 */
import { createLedger } from '../create-ledger';

const [url = '', prefix = 'w', countArg = '0'] = process.argv.slice(2);
const total = Number(countArg);
const ledger = await createLedger(url, { windowMs: 5, batchSize: 200 });
let written = 0;
while (total === 0 || written < total) {
  const chunk = total === 0 ? 500 : Math.min(500, total - written);
  for (let i = 0; i < chunk; i += 1) {
    ledger.recordCall({
      id: `${prefix}.${written + i}`,
      time: 1_700_000_000_000 + written + i,
      purpose: 'seat',
      collection: 'core',
      alias: `m${(written + i) % 5}`,
      status: 'ok',
      usage: { inputTokens: 10, outputTokens: 5 },
    });
  }
  await ledger.flush();
  written += chunk;
  process.stdout.write(`${written}\n`);
}
await ledger.close();
