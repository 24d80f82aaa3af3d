import { BenchError, cutValue, type NeutralError } from '@bench/contracts';
const marker = Symbol.for('bench.formats.InvalidRequestError');

export interface FieldIssue {
  /** `messages[2].content[0].source.media_type` */
  path: string;
  message: string;
}

/** A client's request that does not fit its protocol: names each field at fault and why. */
export class InvalidRequestError extends BenchError {
  private readonly [marker] = true;
  readonly issues: FieldIssue[];

  constructor(issues: FieldIssue[], options?: { cause?: unknown }) {
    // A path names the caller's keys, which may be any length: cut like every quoted value.
    const cut = issues.map((issue) => ({ ...issue, path: cutValue(issue.path) }));
    super(cut.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '), options);
    this.name = 'InvalidRequestError';
    this.issues = cut;
  }

  /** The first field at fault, for protocols whose error has one `param`. */
  get param(): string | undefined {
    return this.issues[0]?.path || undefined;
  }

  toNeutral(): NeutralError {
    return {
      kind: 'invalid-request',
      status: 400,
      message: `${this.message}. Fix the request and send it again.`,
      ...(this.param ? { param: this.param } : {}),
    };
  }

  static override isInstance(error: unknown): error is InvalidRequestError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
