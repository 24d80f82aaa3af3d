export { createGateway, type Gateway, type GatewayOptions } from './create-gateway';
export {
  parseConfig,
  ConfigError,
  configSchema,
  REPLY_MODES,
  resolveTarget,
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
