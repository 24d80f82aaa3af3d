import type { SessionStore, StoredSession } from './session-store';

/** Sessions in a map; an expired one is forgotten when read, and all expired ones whenever one is stored. */
export function createMemorySessionStore(now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, StoredSession>();
  return {
    async get(key) {
      const session = sessions.get(key);
      if (session && session.expires <= now()) {
        sessions.delete(key);
        return undefined;
      }
      return session;
    },
    async put(key, session) {
      const time = now();
      for (const [other, stored] of sessions) if (stored.expires <= time) sessions.delete(other);
      sessions.set(key, session);
    },
    async delete(key) {
      sessions.delete(key);
    },
  };
}
