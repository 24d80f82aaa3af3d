import { createLedger } from '../create-ledger';
import { recordsContract } from '../test-support/records-contract';
import { ledgerContract } from '../test-support/ledger-contract';

ledgerContract('memory', (options) => createLedger('memory:', options));
recordsContract('memory', async () => 'memory:', false);
