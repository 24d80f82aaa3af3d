export { parseCliOptions, USAGE, type CliOptions } from './cli-options';
export { readConfigFile } from './read-config-file';
export { discoverProviders, type DiscoveredProvider } from './discover-providers';
export { configFromDiscovery, discoverySummary } from './config-from-discovery';
export { demoConfig, startDemoUpstream } from './demo';
export { parseLedgerCommand, type LedgerCommandOptions } from './ledger-command-options';
export { runLedgerCommand, ledgerUrlFor } from './ledger-commands';
export { statsTable } from './stats-table';
