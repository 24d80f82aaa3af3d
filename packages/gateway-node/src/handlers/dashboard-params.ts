import { EngineError } from '@bench/engine';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A dashboard route's query parameters, read by name: each reader names the parameter and what it takes when the
 * value is wrong, and a parameter the route does not know is refused (a typo would otherwise be a filter silently not applied).
 */
export class DashboardParams {
  readonly #params: URLSearchParams;

  constructor(params: URLSearchParams, known: readonly string[]) {
    this.#params = params;
    for (const name of new Set(params.keys())) {
      if (!known.includes(name)) {
        throw new EngineError(400, 'invalid-request', `${name}: unknown parameter; this route takes ${known.length ? known.join(', ') : 'none'}`, {
          param: name,
        });
      }
    }
  }

  text(name: string): string | undefined {
    const values = this.#params.getAll(name);
    if (values.length > 1) throw new EngineError(400, 'invalid-request', `${name}: given ${values.length} times; give it once`, { param: name });
    const value = values[0];
    if (value === '') throw new EngineError(400, 'invalid-request', `${name}: empty; give a value or leave it out`, { param: name });
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.text(name);
    if (value !== undefined && !allowed.includes(value as T)) {
      throw new EngineError(400, 'invalid-request', `${name}: must be one of ${allowed.join(', ')}, not "${value}"`, { param: name });
    }
    return value as T | undefined;
  }

  /** Epoch milliseconds, or an ISO date / date-time. */
  time(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    const time = /^\d+$/.test(value) ? Number(value) : ISO_TIME.test(value) ? Date.parse(value) : Number.NaN;
    if (!Number.isSafeInteger(time)) {
      throw new EngineError(
        400,
        'invalid-request',
        `${name}: must be epoch milliseconds or an ISO date or date-time (2026-11-30, 2026-11-30T12:00:00Z), not "${value}"`,
        {
          param: name,
        },
      );
    }
    return time;
  }

  integer(name: string, min: number, max: number): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!(Number.isSafeInteger(n) && n >= min && n <= max)) {
      throw new EngineError(400, 'invalid-request', `${name}: must be a whole number from ${min} to ${max}, not "${value}"`, { param: name });
    }
    return n;
  }

  /** `from` and `to`, checked together. */
  range(): { from?: number; to?: number } {
    const from = this.time('from');
    const to = this.time('to');
    if (from !== undefined && to !== undefined && from >= to) {
      throw new EngineError(400, 'invalid-request', `from: must be before to (${new Date(from).toISOString()} is not before ${new Date(to).toISOString()})`, {
        param: 'from',
      });
    }
    return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
  }
}
