import type { CallWithVerdict, Ledger, TranscriptMessage } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';
import { EngineError } from '../errors/engine-error';
import { decodeCursor, encodeCursor } from './page-cursor';
import { transcriptsState, type TranscriptsState } from './transcripts-state';
import { isJudged, type VerdictFilter } from './verdict-filter';

export interface PanelsQuery {
  collection?: string;
  /** A model alias: panels with a seat or merger by it. */
  model?: string;
  /** A key's name. */
  key?: string;
  verdict?: VerdictFilter;
  from?: number;
  to?: number;
  /** 1–100, default 20. */
  limit?: number;
  cursor?: string;
}

export interface PanelSummary {
  id: string;
  time: number;
  collection: string | null;
  shape: string;
  seats: Array<{ call: string; alias: string; status: string }>;
  merger: { call: string; alias: string; status: string } | null;
}

export interface PanelsPage {
  panels: PanelSummary[];
  next: string | null;
}

export interface PanelAnswer {
  call: CallWithVerdict;
  /** Null when transcripts are not kept (or this call answered nothing). */
  answer: string | null;
}

export type PanelView = TranscriptsState & {
  id: string;
  time: number;
  collection: string | null;
  shape: string;
  system: string | null;
  messages: TranscriptMessage[] | null;
  seats: PanelAnswer[];
  merger: PanelAnswer | null;
};

export const MAX_PANELS = 100;

/** A panel's calls: its seats in seat order (`<panel>.1`, `.2`, … `.10`), and its merger. */
function seatsAndMerger(calls: CallWithVerdict[]): { seats: CallWithVerdict[]; merger: CallWithVerdict | undefined } {
  const seatNumber = (call: CallWithVerdict) => Number(call.id.slice(call.id.lastIndexOf('.') + 1));
  return {
    seats: calls.filter((c) => c.purpose === 'seat').sort((a, b) => seatNumber(a) - seatNumber(b)),
    merger: calls.find((c) => c.purpose === 'merger'),
  };
}

const brief = (call: CallWithVerdict) => ({ call: call.id, alias: call.alias, status: call.status });

/** Panels newest first (by their first seat's record), each with its seats' and merger's outcome. */
export async function panelsPage(ledger: Ledger, query: PanelsQuery = {}): Promise<PanelsPage> {
  const limit = query.limit ?? 20;
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_PANELS)) {
    throw new EngineError(400, 'invalid-request', `limit: must be a whole number from 1 to ${MAX_PANELS}`, { param: 'limit' });
  }
  const cursor = decodeCursor(query.cursor);
  const page = await ledger.calls({
    firstSeat: true,
    limit,
    ...(query.collection !== undefined ? { collection: query.collection } : {}),
    ...(query.model !== undefined ? { panelMember: query.model } : {}),
    ...(query.key !== undefined ? { keyName: query.key } : {}),
    ...(query.verdict !== undefined ? { panelJudged: isJudged(query.verdict) } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const panels = await Promise.all(
    page.calls.map(async (first): Promise<PanelSummary> => {
      const { seats, merger } = seatsAndMerger(await ledger.callsWithPrefix(`${first.unit}.`));
      return {
        id: first.unit,
        time: first.time,
        collection: first.collection,
        shape: first.shape,
        seats: seats.map(brief),
        merger: merger ? brief(merger) : null,
      };
    }),
  );
  return { panels, next: encodeCursor(page.next) };
}

/** A panel's seats side by side with the merger's answer, each with its verdict. */
export async function panelView(ledger: Ledger, config: GatewayConfig, id: string): Promise<PanelView> {
  const { seats, merger } = seatsAndMerger(await ledger.callsWithPrefix(`${id}.`));
  const first = seats[0] ?? merger;
  if (!first) throw new EngineError(404, 'not-found', `unknown panel "${id}": use an id from GET /bench/panels or a reply's X-Bench-Panel`, { param: 'id' });
  const state = transcriptsState(config);
  const all = merger ? [...seats, merger] : seats;
  const kept = state.transcripts === 'on' ? await ledger.transcripts(all.map((c) => c.id)) : [];
  const answerOf = (call: CallWithVerdict): PanelAnswer => ({ call, answer: kept.find((t) => t.call === call.id)?.answer.text ?? null });
  const prompt = kept[0];
  return {
    ...state,
    id,
    time: Math.min(...all.map((c) => c.time)),
    collection: first.collection,
    shape: first.shape,
    system: prompt?.system ?? null,
    messages: prompt?.messages ?? null,
    seats: seats.map(answerOf),
    merger: merger ? answerOf(merger) : null,
  };
}
