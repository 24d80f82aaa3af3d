import type { ClientError } from './errors/client-error';
import type { UpstreamExchange } from './upstream-exchange';

/**
 * Stops one attempt's exchange with a reason, the first one given winning (as
 * an AbortController would, without an event target per attempt).
 */
export class AttemptStop {
  reason: ClientError | undefined;
  private exchange: UpstreamExchange | undefined;

  stop(reason: ClientError): void {
    if (this.reason) return;
    this.reason = reason;
    this.exchange?.abort(reason);
  }

  /** The exchange to stop; stopped at once if the attempt already was. */
  attach(exchange: UpstreamExchange): void {
    this.exchange = exchange;
    if (this.reason) exchange.abort(this.reason);
  }
}
