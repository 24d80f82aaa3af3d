/** What applying a config to a running gateway did, as paths and names (never values). */
export interface AppliedConfig {
  /** `collections.agents.members`, `models.m3 added`. */
  changed: string[];
  /** Fields written but taken only at the next start (`server.port`): the gateway keeps the running values. */
  restartNeeded: string[];
}

/** The one log line of a reload: what changed, and what waits for a restart. */
export function appliedConfigLine(applied: AppliedConfig): string {
  const changed = applied.changed.length > 0 ? applied.changed.join(', ') : 'no change';
  const restart = applied.restartNeeded.length > 0 ? `; ${applied.restartNeeded.join(', ')} take effect at the next restart` : '';
  return `${changed}${restart}`;
}
