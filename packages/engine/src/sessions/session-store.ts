/** A dashboard session as stored: whose it is, its CSRF token and its end. Keyed by the sha-256 of the cookie's id. */
export interface StoredSession {
  keyName: string;
  csrf: string;
  /** Epoch ms. */
  expires: number;
}

/** Where sessions live: the state store (memory, or Redis so that replicas share them). */
export interface SessionStore {
  get(key: string): Promise<StoredSession | undefined>;
  put(key: string, session: StoredSession, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}
