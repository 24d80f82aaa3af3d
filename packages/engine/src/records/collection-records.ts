import { isPromise, type MemberRecord, type RecordSource } from '@bench/router';
import type { GatewayConfig } from '../config/resolved-config';
import { callableNames, type Caller } from '../names/permissions';

/** The records a collection's choices read: one per member (and its merger), as the router reads them. */
export interface CollectionRecords {
  collection: string;
  /** The shape its prompts are read on, when the collection names one (else each prompt's, `general` by default). */
  shape?: string;
  members: Array<{ alias: string; merger?: true; record: MemberRecord }>;
}

const NO_RECORD: MemberRecord = { useful: 0 };

/** Per collection the caller may call, per member: the record seats, explorers, the merger and routes are chosen by. */
export async function collectionRecords(config: GatewayConfig, records: RecordSource, caller: Caller): Promise<CollectionRecords[]> {
  const names = callableNames(config, caller).collections;
  const aliases = new Set<string>();
  for (const name of names) {
    const collection = config.collections[name]!;
    for (const alias of collection.members) aliases.add(alias);
    if (collection.merger) aliases.add(collection.merger);
  }
  const reading = records.getRecords([...aliases]);
  const read = isPromise(reading) ? await reading : reading;
  return names.map((name) => {
    const collection = config.collections[name]!;
    const members: CollectionRecords['members'] = collection.members.map((alias) => ({ alias, record: read.get(alias) ?? NO_RECORD }));
    if (collection.merger && !collection.members.includes(collection.merger)) {
      members.push({ alias: collection.merger, merger: true, record: read.get(collection.merger) ?? NO_RECORD });
    }
    return { collection: name, ...(collection.shape ? { shape: collection.shape } : {}), members };
  });
}
