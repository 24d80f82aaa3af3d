import type { CollectionConfig, ConfigFile, KeyConfig, ModelConfig, ProviderConfig, ReplyMode } from './config-schema';
import type { DEFAULT_COOLDOWN, DEFAULT_RETRY, DEFAULT_SERVER, DEFAULT_TIMEOUTS } from './defaults';

export interface Settings {
  timeouts: typeof DEFAULT_TIMEOUTS;
  retry: typeof DEFAULT_RETRY;
  cooldown: typeof DEFAULT_COOLDOWN;
  rotate: number;
  stickyTtlMs: number;
}

export interface ResolvedCollection extends CollectionConfig {
  name: string;
  reply: ReplyMode;
  order: 'record' | 'listed' | 'learned';
  sticky: boolean;
  settings: Settings;
}

export interface ResolvedModel extends ModelConfig {
  alias: string;
}

/** A validated configuration with every default filled in. */
export interface GatewayConfig {
  server: typeof DEFAULT_SERVER;
  ledger: string;
  state: string;
  providers: Record<string, ProviderConfig>;
  models: Record<string, ResolvedModel>;
  collections: Record<string, ResolvedCollection>;
  keys: Record<string, KeyConfig>;
  aliases: Record<string, string>;
  /** The shapes prompts are labelled with, `general` first. */
  shapes: readonly string[];
  defaults: Settings;
  /** How long the ledger keeps calls and turns (`retention`), in ms; absent: for ever. */
  retentionMs?: number;
  /** Prompts and answers kept this long (ms); undefined: not kept. */
  transcripts?: { keep: string; keepMs: number };
  /** Where traces go (`otlp`, absent: off unless the environment says) and the service they name. */
  telemetry: { otlp?: string; serviceName: string };
  /** The file as written, for reference. */
  source: ConfigFile;
}
