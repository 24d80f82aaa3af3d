import { useState } from 'preact/hooks';
import { ApiError } from '../api/api-error';
import { benchApi } from '../api/bench-api';
import type { Session } from '../api/types';

function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return `The gateway did not answer: ${String((error as Error)?.message ?? error)}`;
  if (error.status === 403) return `This key may not open the dashboard: it needs a key marked "admin": true in the config. (${error.message})`;
  if (error.status === 401) return `The gateway does not know this key. (${error.message})`;
  return error.message;
}

/** Paste an admin key once; the gateway answers with an HttpOnly session cookie, and the key is forgotten here. */
export function LoginPage({ reason, onLoggedIn }: { reason: number | null; onLoggedIn: (session: Session) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      const session = await benchApi.login(key.trim());
      setKey('');
      onLoggedIn(session);
    } catch (reason) {
      setError(refusalText(reason));
    } finally {
      setSending(false);
    }
  };

  return (
    <section class="login" aria-labelledby="login-title">
      <h1 id="login-title">Log in to bench</h1>
      <p>
        {reason === 403
          ? 'This session may not open the dashboard. Log in with an admin key.'
          : 'Paste an admin key (a key marked "admin": true in the config). It is sent once; the gateway then keeps you logged in with a session cookie.'}
      </p>
      <form onSubmit={submit}>
        <label for="admin-key">Admin key</label>
        <input
          id="admin-key"
          name="key"
          type="password"
          autocomplete="current-password"
          required
          value={key}
          onInput={(e) => setKey(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={sending || key.trim() === ''}>
          Log in
        </button>
      </form>
      {error ? (
        <div class="note note-error" role="alert" data-testid="login-error">
          {error}
        </div>
      ) : null}
    </section>
  );
}
