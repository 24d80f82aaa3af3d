import { BenchError, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.gateway.ConfigError');

export interface ConfigIssue {
  /** `collections.core.members[1]` */
  path: string;
  message: string;
}

/** A configuration that cannot run: every issue names its path and the reason. */
export class ConfigError extends BenchError {
  private readonly [marker] = true;
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[]) {
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('\n'));
    this.name = 'ConfigError';
    this.issues = issues;
  }

  toNeutral(): NeutralError {
    return { kind: 'internal', message: this.message };
  }

  static override isInstance(error: unknown): error is ConfigError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
