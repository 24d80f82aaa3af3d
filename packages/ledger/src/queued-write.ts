import type { CallInput } from './call-record';
import type { WriteItem } from './ledger-store';
import { MINUTE_MS, type RefusalInput } from './refusals';
import { type PriceLookup, toCallRecord } from './to-call-record';
import { toTurnRecord } from './to-turn-record';
import type { TranscriptInput } from './transcript';
import type { TurnInput } from './turn-record';

/** A validated input as the ledger queues it, with the ledger's clock when it came. */
export type QueuedWrite =
  | { kind: 'call'; input: CallInput; time: number }
  | { kind: 'turn'; input: TurnInput; time: number }
  | { kind: 'transcript'; input: TranscriptInput; time: number }
  | { kind: 'refusal'; input: RefusalInput; time: number; id: string };

/** The stored record of a queued input: on the thread that writes it (a SQLite ledger's worker builds its own). */
export function toWriteItem(item: QueuedWrite, price: PriceLookup | undefined): WriteItem {
  switch (item.kind) {
    case 'call':
      return { kind: 'call', record: toCallRecord(item.input, item.time, price) };
    case 'turn':
      return { kind: 'turn', record: toTurnRecord(item.input, item.time) };
    case 'transcript': {
      const { time, ...rest } = item.input;
      return { kind: 'transcript', record: { ...rest, time: time ?? item.time } };
    }
    case 'refusal': {
      const { time, keyName, collection, scope, limit } = item.input;
      const minute = Math.floor((time ?? item.time) / MINUTE_MS) * MINUTE_MS;
      return { kind: 'refusal', record: { id: item.id, minute, keyName, collection: collection ?? null, scope, limit } };
    }
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}
