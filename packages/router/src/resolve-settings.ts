import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import { type CooldownSettings, DEFAULT_COOLDOWN, DEFAULT_ROUTE_SETTINGS, ROUTE_ORDERS, type RouteSettings } from './route-settings';

const resolved = new WeakMap<object, RouteSettings>();

/** Settings with defaults filled in; a bad value throws naming the field. Cached per settings object. */
export function resolveSettings(settings: Partial<RouteSettings> | undefined): RouteSettings {
  if (settings === undefined) return DEFAULT_ROUTE_SETTINGS;
  const cached = resolved.get(settings);
  if (cached !== undefined) return cached;
  const full: RouteSettings = { ...DEFAULT_ROUTE_SETTINGS, ...definedOnly(settings) };
  if (!ROUTE_ORDERS.includes(full.order)) {
    throw new InvalidRouteInputError('settings.order', `must be "record", "listed" or "learned", got ${JSON.stringify(full.order)}`);
  }
  if (typeof full.sticky !== 'boolean') throw new InvalidRouteInputError('settings.sticky', 'must be true or false');
  if (typeof full.rotate !== 'number' || !(full.rotate >= 0 && full.rotate <= 1)) {
    throw new InvalidRouteInputError('settings.rotate', `must be a number from 0 to 1, got ${String(full.rotate)}`);
  }
  positiveInteger('settings.stickyTtlMs', full.stickyTtlMs);
  positiveInteger('settings.maxMembers', full.maxMembers);
  resolved.set(settings, full);
  return full;
}

const resolvedCooldowns = new WeakMap<object, CooldownSettings>();

/** A cooldown policy with defaults filled in; a bad value throws naming `field`. Cached per policy object (a collection passes the same one every turn). */
export function resolveCooldown(cooldown: Partial<CooldownSettings> | undefined, field: string): CooldownSettings {
  if (cooldown === undefined) return DEFAULT_COOLDOWN;
  const cached = resolvedCooldowns.get(cooldown);
  if (cached !== undefined) return cached;
  const full: CooldownSettings = { ...DEFAULT_COOLDOWN, ...definedOnly(cooldown) };
  positiveInteger(`${field}.afterFailures`, full.afterFailures);
  positiveInteger(`${field}.forMs`, full.forMs);
  resolvedCooldowns.set(cooldown, full);
  return full;
}

export function positiveInteger(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new InvalidRouteInputError(field, `must be a positive integer, got ${String(value)}`);
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(value) as Array<keyof T>) {
    if (value[key] !== undefined) out[key] = value[key];
  }
  return out;
}
