import type { CollectionConfig, ConfigFile, ModelConfig } from './config-schema';
import { DEFAULT_COOLDOWN, DEFAULT_RETRY, DEFAULT_ROTATE, DEFAULT_STICKY_TTL_MS, DEFAULT_TIMEOUTS } from './defaults';
import type { Settings } from './resolved-config';

type Layer = Partial<Pick<CollectionConfig, 'timeouts' | 'retry' | 'cooldown' | 'rotate' | 'stickyTtlMs'>>;

/**
 * Top-level defaults, overridden per collection, then per model (timeouts and retry only).
 * Frozen: they never change once resolved, and the client keeps what a frozen layer came to.
 */
export function resolveSettings(defaults: ConfigFile['defaults'], collection?: Layer, model?: Pick<ModelConfig, 'timeouts' | 'retry'>): Settings {
  return {
    timeouts: Object.freeze({ ...DEFAULT_TIMEOUTS, ...defaults?.timeouts, ...collection?.timeouts, ...model?.timeouts }),
    retry: Object.freeze({ ...DEFAULT_RETRY, ...defaults?.retry, ...collection?.retry, ...model?.retry }),
    cooldown: Object.freeze({ ...DEFAULT_COOLDOWN, ...defaults?.cooldown, ...collection?.cooldown }),
    rotate: collection?.rotate ?? defaults?.rotate ?? DEFAULT_ROTATE,
    stickyTtlMs: collection?.stickyTtlMs ?? defaults?.stickyTtlMs ?? DEFAULT_STICKY_TTL_MS,
  };
}
