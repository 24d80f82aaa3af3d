import { LedgerInputError, UnknownCallError, type Ledger } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import { GatewayError } from '../errors/gateway-error';
import { readJSONBody } from '../http/read-body';
import { sendJSON } from '../http/send';
import type { RequestState } from '../request-state';

/**
 * `POST /bench/verdict` `{"call", "useful", "note"?}`. A key may judge the calls
 * made with it, or calls in a collection (or to a model alias) it may call.
 */
export async function handleVerdict(state: RequestState, config: GatewayConfig, ledger: Ledger): Promise<void> {
  const body = (await readJSONBody(state.req, config.server.bodyLimitBytes)) as Record<string, unknown>;
  const callId = typeof body.call === 'string' ? body.call : undefined;
  if (callId) {
    const call = await ledger.getCall(callId);
    if (!call) throw new GatewayError(404, 'not-found', `unknown call "${callId}": use a call id from a reply's bench object`, { param: 'call' });
    const allowed = state.caller.allowed;
    const permitted =
      !allowed || call.keyName === state.caller.keyName || allowed.includes(call.collection ?? call.alias);
    if (!permitted) throw new GatewayError(403, 'permission', `this key may not judge call "${callId}"`, { param: 'call' });
  }
  try {
    const verdict = await ledger.recordVerdict(body as never);
    sendJSON(state.res, 200, { object: 'bench.verdict', ...verdict });
  } catch (error) {
    if (UnknownCallError.isInstance(error)) throw new GatewayError(404, 'not-found', error.message, { param: 'call' });
    if (LedgerInputError.isInstance(error)) throw new GatewayError(400, 'invalid-request', error.message, { param: error.field });
    throw error;
  }
}
