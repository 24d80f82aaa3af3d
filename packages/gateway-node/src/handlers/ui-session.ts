import { EngineError, LOCAL_CALLER, SESSION_MS, type Engine } from '@bench/engine';
import { sessionCookie } from '../http/session-cookie';
import type { RequestState } from '../request-state';

/**
 * `/bench/ui/session`: the dashboard's login. POST `{"key"}` (an admin key) → a session cookie and its CSRF token;
 * GET → who is looking (and the token); DELETE → logged out. The key is read from the body only, never logged.
 */
export async function handleUiSession(state: RequestState, engine: Engine): Promise<void> {
  switch (state.method) {
    case 'POST':
      return login(state, engine);
    case 'DELETE':
      if (state.session) await engine.sessions.close(state.session.id);
      state.reply.raw(204, { 'set-cookie': sessionCookie('', 0, state.secure) }, '');
      return;
    default:
      return whoIsLooking(state, engine);
  }
}

async function login(state: RequestState, engine: Engine): Promise<void> {
  if (!engine.keysEnabled) {
    throw new EngineError(400, 'invalid-request', 'this gateway has no keys configured, so the dashboard needs no login: it opens on loopback as it is');
  }
  const body = await state.readBody(16 * 1024);
  const key = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).key : undefined;
  if (typeof key !== 'string' || key.trim() === '') {
    throw new EngineError(400, 'invalid-request', 'key: send {"key": "<an admin key>"} as JSON', { param: 'key' });
  }
  const caller = engine.authenticate(key.trim());
  if (!caller) throw new EngineError(401, 'authentication', 'wrong key: no key configured on this gateway matches it');
  if (!caller.admin) {
    throw new EngineError(403, 'permission', `the dashboard needs a key marked "admin": true in the gateway's keys; this key (${caller.keyName}) is not one`);
  }
  const session = await engine.sessions.open(caller);
  state.reply.json(
    200,
    { object: 'bench.session', keyName: session.keyName, expires: session.expires, csrf: session.csrf },
    { 'set-cookie': sessionCookie(session.id, SESSION_MS / 1000, state.secure), 'cache-control': 'no-store' },
  );
}

function whoIsLooking(state: RequestState, engine: Engine): void {
  const { session } = state;
  if (!session && engine.keysEnabled && state.caller === LOCAL_CALLER) {
    throw new EngineError(401, 'authentication', 'not logged in: POST {"key": "<an admin key>"} to /bench/ui/session');
  }
  if (!session && engine.keysEnabled && !state.caller.admin) {
    throw new EngineError(403, 'permission', `the dashboard needs a key marked "admin": true; this key (${state.caller.keyName}) is not one`);
  }
  state.reply.json(
    200,
    {
      object: 'bench.session',
      keyName: state.caller.keyName,
      login: engine.keysEnabled,
      via: session ? 'cookie' : engine.keysEnabled ? 'key' : 'loopback',
      expires: session?.expires ?? null,
      csrf: session?.csrf ?? null,
    },
    { 'cache-control': 'no-store' },
  );
}
