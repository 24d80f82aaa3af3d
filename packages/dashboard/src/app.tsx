import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './api/api-error';
import { benchApi } from './api/bench-api';
import { onLoginNeeded, setCsrfToken } from './api/client';
import type { Session } from './api/types';
import { ErrorNote } from './components/error-note';
import { startLiveEvents, stopLiveEvents, useLiveOpen } from './lib/live-events';
import { href, useLocation } from './lib/router';
import { applyTheme, effectiveTheme, type Theme } from './lib/theme';
import { CallPage } from './pages/call-page';
import { CallsPage } from './pages/calls-page';
import { ConversationPage } from './pages/conversation-page';
import { ConversationsPage } from './pages/conversations-page';
import { LoginPage } from './pages/login-page';
import { ModelsPage } from './pages/models-page';
import { OverviewPage } from './pages/overview-page';
import { PanelPage } from './pages/panel-page';
import { PanelsPage } from './pages/panels-page';

type Access = { state: 'checking' } | { state: 'in'; session: Session } | { state: 'login'; reason: number | null } | { state: 'down'; error: Error };

const NAV: Array<{ path: string; label: string }> = [
  { path: '/', label: 'Overview' },
  { path: '/panels', label: 'Panels' },
  { path: '/conversations', label: 'Conversations' },
  { path: '/calls', label: 'Calls' },
  { path: '/models', label: 'Models' },
];

function Page({ path, theme }: { path: string; theme: Theme }) {
  const [, section, id] = path.split('/').map(decodeURIComponent);
  if (section === 'panels' && id) return <PanelPage id={id} />;
  if (section === 'panels') return <PanelsPage />;
  if (section === 'conversations' && id) return <ConversationPage id={id} />;
  if (section === 'conversations') return <ConversationsPage />;
  if (section === 'calls' && id) return <CallPage id={id} />;
  if (section === 'calls') return <CallsPage />;
  if (section === 'models') return <ModelsPage />;
  if (!section) return <OverviewPage theme={theme} />;
  return (
    <section>
      <h1>Not found</h1>
      <p>
        No page at {path}. <a href={href('/')}>Go to the overview</a>.
      </p>
    </section>
  );
}

function ThemeToggle({ theme, onChange }: { theme: Theme; onChange: (theme: Theme) => void }) {
  const other: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" class="theme-toggle" data-testid="theme-toggle" aria-label={`Switch to the ${other} theme`} onClick={() => onChange(other)}>
      {theme === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
}

function LiveDot() {
  const open = useLiveOpen();
  return (
    <span class={open ? 'live live-on' : 'live'} role="status" data-testid="live">
      {open ? 'live' : 'offline'}
    </span>
  );
}

export function App() {
  const location = useLocation();
  const [access, setAccess] = useState<Access>({ state: 'checking' });
  const [theme, setTheme] = useState<Theme>(effectiveTheme);

  const enter = (session: Session) => {
    setCsrfToken(session.csrf);
    setAccess({ state: 'in', session });
    startLiveEvents();
  };

  useEffect(() => {
    benchApi.session().then(enter, (error: unknown) => {
      if (error instanceof ApiError && error.needsLogin) setAccess({ state: 'login', reason: null });
      else setAccess({ state: 'down', error: error as Error });
    });
    return onLoginNeeded((status) => {
      stopLiveEvents();
      setCsrfToken(null);
      setAccess({ state: 'login', reason: status });
    });
  }, []);

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setTheme(effectiveTheme());
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  const changeTheme = (next: Theme) => {
    applyTheme(next);
    setTheme(next);
  };

  const logout = async () => {
    await benchApi.logout().catch(() => undefined);
    stopLiveEvents();
    setCsrfToken(null);
    setAccess({ state: 'login', reason: null });
  };

  const signedIn = access.state === 'in';
  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={href('/')}>
          bench
        </a>
        {signedIn ? (
          <nav aria-label="Pages">
            <ul>
              {NAV.map((item) => {
                const current = item.path === '/' ? location.path === '/' : location.path.startsWith(item.path);
                return (
                  <li key={item.path}>
                    <a href={href(item.path)} aria-current={current ? 'page' : undefined}>
                      {item.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        <div class="top-actions">
          {signedIn ? <LiveDot /> : null}
          <ThemeToggle theme={theme} onChange={changeTheme} />
          {signedIn && access.session.via === 'cookie' ? (
            <button type="button" onClick={logout}>
              Log out {access.session.keyName}
            </button>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {access.state === 'checking' ? <p class="muted">Loading…</p> : null}
        {access.state === 'down' ? <ErrorNote error={access.error} title="The gateway did not answer." /> : null}
        {access.state === 'login' ? <LoginPage reason={access.reason} onLoggedIn={enter} /> : null}
        {signedIn ? <Page path={location.path} theme={theme} /> : null}
      </main>
    </div>
  );
}
