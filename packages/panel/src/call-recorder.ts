import type { CallInput, Price, Usage } from '@bench/contracts';

export type { CallRecorder } from '@bench/contracts';

/** Price per million tokens (as `models.X.price`): the shared `Price`. */
export type PanelPrice = Price;

/** Token counts as the ledger takes them: the shared `Usage`. */
export type PanelCallUsage = Usage;

/** One seat or merger call: the shared call record every writer hands the ledger. */
export type PanelCall = CallInput & { purpose: 'seat' | 'merger'; collection: string };
