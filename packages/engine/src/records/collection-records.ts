import { rankMembers, type MemberRecord, type Ranking, type ShapeRecord } from '@bench/router';
import { isPromise, quoteValue } from '@bench/contracts';
import type { GatewayConfig } from '../config/resolved-config';
import { EngineError } from '../errors/engine-error';
import { callableNames, type Caller } from '../names/permissions';
import type { EngineRuntime } from '../runtime/engine-runtime';
import { routerCollectionOf } from '../runtime/router-collection';

/** One member's record as every choice reads it: the whole, and per shape. */
export interface MemberRecords {
  alias: string;
  whole: Omit<ShapeRecord, 'cost'> & { cost?: number };
  shapes: Record<string, ShapeRecord>;
}

/** A collection's records and what its next new conversation (or panel) would get on each shape, with why. */
export interface CollectionRecords {
  name: string;
  reply: string;
  order: string;
  /** How its prompts get their shape: fixed (`shape`), a shaper's label, or `general`. */
  shapeBy: { shape: string } | { shaper: string } | { default: 'general' };
  members: MemberRecords[];
  /** Per shape: the order the next new conversation gets (no rotation), with why; and the rotation's chance. */
  next: Record<string, Pick<Ranking, 'ranking' | 'rotation' | 'skipped'>>;
}

/** What every choice reads, for the collections a caller may call (`GET /bench/records`, `stats --shape`). */
export async function collectionRecords(runtime: EngineRuntime, caller: Caller, only?: { collection?: string; shape?: string }): Promise<CollectionRecords[]> {
  const { config } = runtime;
  if (only?.shape !== undefined && !config.shapes.includes(only.shape)) {
    throw new EngineError(400, 'invalid-request', `shape: unknown shape ${quoteValue(only.shape)}; the config's shapes are ${config.shapes.join(', ')}`, {
      param: 'shape',
    });
  }
  if (only?.collection !== undefined && !callableNames(config, caller).collections.includes(only.collection)) {
    throw new EngineError(404, 'not-found', `collection: no collection ${quoteValue(only.collection)} this key may call; leave it out for every one`, {
      param: 'collection',
    });
  }
  const names = callableNames(config, caller).collections.filter((name) => only?.collection === undefined || name === only.collection);
  const aliases = [...new Set(names.flatMap((name) => config.collections[name]!.members))];
  const reading = runtime.records.getRecords(aliases);
  const records = isPromise(reading) ? await reading : reading;
  const shapes = only?.shape !== undefined ? [only.shape] : config.shapes;
  return names.map((name) => collectionRecordsOf(config, name, records, shapes));
}

function collectionRecordsOf(config: GatewayConfig, name: string, records: ReadonlyMap<string, MemberRecord>, shapes: readonly string[]): CollectionRecords {
  const collection = config.collections[name]!;
  const routed = routerCollectionOf(config, { kind: 'collection', collection, mode: 'route', requested: name });
  const mine = new Map(collection.members.flatMap((alias) => (records.has(alias) ? [[alias, records.get(alias)!] as const] : [])));
  const next: CollectionRecords['next'] = {};
  for (const shape of shapes) {
    const { ranking, rotation, skipped } = rankMembers({ collection: routed.collection, records: mine, shape, settings: routed.settings });
    next[shape] = rotation ? { ranking, rotation, skipped } : { ranking, skipped };
  }
  return {
    name,
    reply: collection.reply,
    order: collection.order,
    shapeBy:
      collection.shape !== undefined ? { shape: collection.shape } : collection.shaper !== undefined ? { shaper: collection.shaper } : { default: 'general' },
    members: collection.members.map((alias) => memberRecordsOf(alias, records.get(alias))),
    next,
  };
}

function memberRecordsOf(alias: string, record: MemberRecord | undefined): MemberRecords {
  const whole = {
    calls: record?.calls ?? 0,
    useful: record?.useful ?? 0,
    notUseful: record?.notUseful ?? 0,
    failures: record?.failures ?? 0,
    ...(record?.lastUsedAt !== undefined ? { lastUsedAt: record.lastUsedAt } : {}),
  };
  return { alias, whole, shapes: record?.shapes ?? {} };
}
