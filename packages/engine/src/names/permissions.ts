import type { GatewayConfig } from '../config/resolved-config';
import type { Target } from './resolve-target';

/** The caller as far as permissions go: a key's name and what it may call (undefined: everything). */
export interface Caller {
  keyName: string;
  allowed?: readonly string[];
  /** A key marked `admin`: it opens the admin surfaces (dashboard, metrics), which without keys are loopback-only like the rest. */
  admin?: boolean;
}

export function mayCall(caller: Caller, target: Target): boolean {
  if (!caller.allowed) return true;
  const name = target.kind === 'collection' ? target.collection.name : target.model.alias;
  return caller.allowed.includes(name);
}

/** What the caller may call, for listings and for the 404 that says what exists: collections, then model aliases. */
export function callableNames(config: GatewayConfig, caller: Caller): { collections: string[]; models: string[] } {
  const allowed = (name: string) => !caller.allowed || caller.allowed.includes(name);
  return {
    collections: Object.keys(config.collections).filter(allowed),
    models: Object.keys(config.models).filter(allowed),
  };
}
