import type { HealthRecord, HealthStore } from './health-store';
import { afterFailure, afterSuccess } from './next-health-record';

/** Health records in this process's memory, on an injected clock. */
export class MemoryHealthStore implements HealthStore {
  private readonly records = new Map<string, HealthRecord>();
  private readonly now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  async get(alias: string): Promise<HealthRecord | undefined> {
    const record = this.records.get(alias);
    return record ? { ...record } : undefined;
  }

  async getMany(aliases: readonly string[]): Promise<Map<string, HealthRecord>> {
    const out = new Map<string, HealthRecord>();
    for (const alias of aliases) {
      const record = this.records.get(alias);
      if (record) out.set(alias, { ...record });
    }
    return out;
  }

  async recordFailure(
    alias: string,
    failure: { kind: string; retryAfterMs?: number },
    policy: { afterFailures: number; forMs: number },
  ): Promise<HealthRecord> {
    const next = afterFailure(this.records.get(alias), failure, policy, this.now());
    this.records.set(alias, next);
    return { ...next };
  }

  async recordSuccess(alias: string): Promise<void> {
    this.records.set(alias, afterSuccess(this.records.get(alias), this.now()));
  }
}
