import type { TurnProgress } from '@bench/engine';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Progress notifications for a caller that asked for them (a `progressToken`): the seats seated, then one step per
 * seat that ends (its model and status); a merged panel has one more step, the merger's. `sent()` resolves once
 * every notification is out and one turn of the event loop has passed, so that the tool's result neither overtakes
 * them nor shares their write: the official TypeScript client dispatches a notification a microtask later than a
 * response read in the same chunk, and drops progress that comes after its request's result
 * (modelcontextprotocol/typescript-sdk#2580).
 */
export function progressReporter(extra: ToolExtra, merged: boolean): { report: (event: TurnProgress) => void; sent: () => Promise<void> } {
  const token = extra._meta?.progressToken;
  let chain = Promise.resolve();
  if (token === undefined) return { report: () => undefined, sent: () => chain };
  let total = 0;
  let done = 0;
  const send = (message: string) => {
    const notification = { method: 'notifications/progress' as const, params: { progressToken: token, progress: done, total, message } };
    chain = chain.then(() => extra.sendNotification(notification)).catch(() => undefined);
  };
  const report = (event: TurnProgress) => {
    if (event.type === 'seated') {
      total = event.seats.length + (merged ? 1 : 0);
      send(`seated ${event.seats.map((seat) => seat.alias).join(', ')}`);
      return;
    }
    done += 1;
    send(
      `${event.seat.alias} ${event.seat.status === 'ok' ? 'answered' : event.seat.status} (call ${event.seat.call})${merged && done === total - 1 ? '; merging' : ''}`,
    );
  };
  return { report, sent: () => chain.then(nextTurn) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
