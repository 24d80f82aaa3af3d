import { type CallPurpose, type CallWithVerdict, type Ledger, shadowCallPrefix, type Transcript } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import { EngineError } from '../errors/engine-error';
import { decodeCursor, encodeCursor } from './page-cursor';
import { transcriptsState, type TranscriptsState } from './transcripts-state';

export interface CallsQuery {
  collection?: string;
  /** A model alias. */
  model?: string;
  /** A key's name. */
  key?: string;
  /** A status, or `failed` for every failure. */
  status?: string;
  purpose?: CallPurpose;
  from?: number;
  to?: number;
  limit?: number;
  /** The `next` of the previous page. */
  cursor?: string;
}

export interface CallsPage {
  calls: CallWithVerdict[];
  next: string | null;
}

export type CallView = TranscriptsState & {
  call: CallWithVerdict;
  transcript: Transcript | null;
  /** A route call's shadow calls. */
  shadows: CallWithVerdict[];
};

/** Calls newest first, filtered and paged. */
export async function callsPage(ledger: Ledger, query: CallsQuery = {}): Promise<CallsPage> {
  const cursor = decodeCursor(query.cursor);
  const page = await ledger.calls({
    ...(query.collection !== undefined ? { collection: query.collection } : {}),
    ...(query.model !== undefined ? { alias: query.model } : {}),
    ...(query.key !== undefined ? { keyName: query.key } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.purpose !== undefined ? { purpose: query.purpose } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(cursor ? { cursor } : {}),
  });
  return { calls: page.calls, next: encodeCursor(page.next) };
}

/** One call with its verdict, its transcript (when kept) and, for a route call, its shadows. */
export async function callView(ledger: Ledger, config: GatewayConfig, id: string): Promise<CallView> {
  const [call, verdict] = await Promise.all([ledger.getCall(id), ledger.getVerdict(id)]);
  if (!call) throw new EngineError(404, 'not-found', `unknown call "${id}": use an id from GET /bench/calls or a reply's bench object`, { param: 'id' });
  const shadows = call.purpose === 'route' ? await ledger.callsWithPrefix(shadowCallPrefix(id)) : [];
  const state = transcriptsState(config);
  const [transcript] = state.transcripts === 'on' ? await ledger.transcripts([id]) : [];
  return {
    ...state,
    call: { ...call, verdict: verdict ? { useful: verdict.useful, note: verdict.note, time: verdict.time } : null },
    transcript: transcript ?? null,
    shadows,
  };
}
