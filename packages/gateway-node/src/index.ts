export { createGateway, type Gateway, type GatewayOptions } from './create-gateway';
export { parseConfig } from './config/parse-config';
export { ConfigError, type ConfigIssue } from './config/config-error';
export { configSchema, REPLY_MODES, type ConfigFile, type ReplyMode } from './config/config-schema';
export type { GatewayConfig, ResolvedCollection, ResolvedModel, Settings } from './config/resolved-config';
export { GatewayError } from './errors/gateway-error';
export { resolveTarget, type Target, type TargetLookup } from './names/resolve-target';
