import { createLedger } from '../create-ledger';
import { recordsContract } from '../test-support/records-contract';
import { dashboardContract } from '../test-support/dashboard-contract';
import { ledgerContract } from '../test-support/ledger-contract';
import { retentionContract } from '../test-support/retention-contract';

ledgerContract('memory', (options) => createLedger('memory:', options));
recordsContract('memory', async () => 'memory:', false);
retentionContract('memory', (options) => createLedger('memory:', options));
dashboardContract('memory', (options) => createLedger('memory:', options));
