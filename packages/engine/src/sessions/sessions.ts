import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../names/permissions';
import type { SessionStore } from './session-store';

/** How long a dashboard session lasts. */
export const SESSION_MS = 12 * 3_600_000;

export interface Session {
  /** The cookie's value: a random id (only its hash is stored). */
  id: string;
  keyName: string;
  /** The token state-changing requests carry in `x-bench-csrf`. */
  csrf: string;
  /** Epoch ms. */
  expires: number;
}

/** Dashboard logins: an admin key exchanged for a session, found again by its cookie. */
export interface Sessions {
  /** A new session for this caller (an admin key's). */
  open(caller: Caller): Promise<Session>;
  /** The session and its key's caller as configured now; undefined when unknown, expired, or its key is no longer an admin one. */
  find(id: string): Promise<{ session: Session; caller: Caller } | undefined>;
  close(id: string): Promise<void>;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/** Whether the token a request carries is the session's (compared in constant time). */
export function csrfMatches(session: Session, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = createHash('sha256').update(session.csrf).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}

export function createSessions(store: SessionStore, callerNamed: (keyName: string) => Caller | undefined, now: () => number): Sessions {
  return {
    async open(caller) {
      const session: Session = {
        id: randomBytes(32).toString('base64url'),
        keyName: caller.keyName,
        csrf: randomBytes(32).toString('base64url'),
        expires: now() + SESSION_MS,
      };
      await store.put(hashOf(session.id), { keyName: session.keyName, csrf: session.csrf, expires: session.expires }, SESSION_MS);
      return session;
    },
    async find(id) {
      if (id.length === 0 || id.length > 128) return undefined;
      const stored = await store.get(hashOf(id));
      if (!stored || stored.expires <= now()) return undefined;
      const caller = callerNamed(stored.keyName);
      if (!caller?.admin) return undefined;
      return { session: { id, ...stored }, caller };
    },
    async close(id) {
      await store.delete(hashOf(id));
    },
  };
}
