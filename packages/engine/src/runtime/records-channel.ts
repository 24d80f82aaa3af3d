import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How replicas sharing a state store tell each other that the records changed (a verdict was taken), so that each
 * reads them again at its next plan instead of when its cache has aged (`ledgerRecordSource`).
 */
export interface RecordsChannel {
  /** Tells the other replicas (never this one). Never throws: a message lost costs a replica at most its cache's age. */
  announce(): void;
  /** Called whenever another replica announced a change. */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

/** One process: nobody else to tell. */
export function memoryRecordsChannel(): RecordsChannel {
  return { announce: () => undefined, onChange: () => undefined, close: async () => undefined };
}

/**
 * Redis pub/sub on `<prefix>records-changed`, each message carrying the sender's id so that it skips its own. The
 * subscription needs a connection of its own (a subscribed connection runs no other command), opened with the first
 * listener; ioredis subscribes again by itself after a reconnect.
 */
export function redisRecordsChannel(redis: Redis, prefix: string): RecordsChannel {
  const channel = `${prefix}records-changed`;
  const self = randomUUID();
  const listeners: Array<() => void> = [];
  let subscriber: Redis | undefined;
  return {
    announce() {
      redis.publish(channel, self).catch(() => undefined); // the replicas still read it once their cache has aged
    },
    onChange(listener) {
      listeners.push(listener);
      if (subscriber) return;
      subscriber = redis.duplicate();
      subscriber.on('error', () => undefined); // reported through the state store's ping(); ioredis reconnects by itself
      subscriber.on('message', (_channel: string, from: string) => {
        if (from !== self) for (const notify of listeners) notify();
      });
      subscriber.subscribe(channel).catch(() => undefined);
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}
