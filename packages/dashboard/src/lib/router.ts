import { useEffect, useState } from 'preact/hooks';

/** Where the gateway serves the dashboard; every page's path is under it. */
export const UI_BASE = '/bench/ui';

export interface Location {
  /** The page's path under UI_BASE, starting with `/` (`/` is the overview). */
  path: string;
  query: URLSearchParams;
}

const listeners = new Set<() => void>();

function current(): Location {
  const { pathname, search } = window.location;
  const path = pathname.startsWith(UI_BASE) ? pathname.slice(UI_BASE.length) || '/' : '/';
  return { path, query: new URLSearchParams(search) };
}

export function href(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value) params.set(name, value);
  const search = params.toString();
  return `${UI_BASE}${path === '/' ? '/' : path}${search ? `?${search}` : ''}`;
}

/** Goes to a page without a reload (`replace` for a filter change, so Back leaves the page instead). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', () => {
  for (const listener of listeners) listener();
});

export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    listeners.add(update);
    return () => listeners.delete(update);
  }, []);
  return location;
}

/** A click on an in-app link goes through `navigate`; a modified click (new tab) stays the browser's. */
export function followLink(event: MouseEvent): void {
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  // A link to a place on this page (the skip link) is the browser's: it moves the focus there.
  if (anchor.hash && anchor.pathname === window.location.pathname) return;
  if (anchor.target || anchor.hasAttribute('download') || anchor.origin !== window.location.origin || !anchor.pathname.startsWith(`${UI_BASE}/`)) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search);
}
