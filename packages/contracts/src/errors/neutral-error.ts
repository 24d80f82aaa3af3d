import type { ErrorKind } from './error-kind';

/** An error as any protocol can tell it: each codec writes it in its own error body. */
export interface NeutralError {
  kind: ErrorKind;
  /** HTTP status; when absent, the kind's usual status (`STATUS_BY_KIND`). */
  status?: number;
  message: string;
  /** The request field at fault, as a path (`messages[2].content`). */
  param?: string;
  /** The provider's own error type or code, where there was one. */
  code?: string;
}
