import type { ConfigIssue } from './config-error';
import type { GatewayConfig } from './resolved-config';

/**
 * Changes a running engine refuses, because it holds what the old value opened: the ledger (and the calls it is
 * writing) and the state store (conversations, cooldowns). One issue each, saying to restart.
 */
export function restartOnlyChanges(before: GatewayConfig, after: GatewayConfig, options: { ownLedger: boolean }): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (options.ownLedger && before.ledger !== after.ledger) {
    issues.push({ path: 'ledger', message: 'a running gateway keeps the ledger it opened; restart it to use another' });
  }
  if (before.state !== after.state) {
    issues.push({ path: 'state', message: 'a running gateway keeps the state store it opened; restart it to use another' });
  }
  return issues;
}
