export { createGateway, type Gateway, type GatewayOptions } from './http/create-gateway';
export type { AppliedConfig } from './live-config/applied-config';
export type { ConfigFileOptions, ConfigReload, ConfigSaved, ConfigView } from './live-config/config-file';
export { readConfigFile, readConfigText, parseConfigText } from './live-config/config-text';
export {
  parseConfig,
  ConfigError,
  configSchema,
  REPLY_MODES,
  resolveTarget,
  nearestName,
  EngineError,
  EngineError as GatewayError,
  type ConfigIssue,
  type ConfigFile,
  type ReplyMode,
  type GatewayConfig,
  type ResolvedCollection,
  type ResolvedModel,
  type Settings,
  type Target,
  type TargetLookup,
} from '@bench/engine';
