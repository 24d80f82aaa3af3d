import type { LedgerOptions } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import type { EngineLogger } from './engine-logger';

/** How the engine opens its ledger: failures to the log, and the config's retention (with a line for each pass that deleted anything). */
export function ledgerOptions(config: GatewayConfig, logger: EngineLogger): LedgerOptions {
  return {
    onError: (error) => logger.error({ err: error.message }, error.name === 'LedgerRetentionError' ? 'ledger retention failed' : 'ledger write failed'),
    ...(config.retentionMs !== undefined
      ? {
          retention: { keepMs: config.retentionMs },
          onPruned: (pruned, before) =>
            logger.info?.({ ...pruned, before: new Date(before).toISOString() }, 'ledger retention deleted calls and turns older than the cutoff'),
        }
      : {}),
  };
}
