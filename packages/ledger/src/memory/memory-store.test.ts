import { createLedger } from '../create-ledger';
import { recordsContract } from '../test-support/records-contract';
import { dashboardContract } from '../test-support/dashboard-contract';
import { ledgerContract } from '../test-support/ledger-contract';

ledgerContract('memory', (options) => createLedger('memory:', options));
recordsContract('memory', async () => 'memory:', false);
dashboardContract('memory', (options) => createLedger('memory:', options));
