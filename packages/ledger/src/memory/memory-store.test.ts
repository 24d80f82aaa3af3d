import { createLedger } from '../create-ledger';
import { ledgerContract } from '../test-support/ledger-contract';

ledgerContract('memory', (options) => createLedger('memory:', options));
