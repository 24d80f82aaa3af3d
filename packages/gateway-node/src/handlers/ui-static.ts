import { EngineError } from '@bench/engine';
import { DASHBOARD_SECURITY_HEADERS } from '../dashboard-ui/security-headers';
import type { StaticFile, StaticFiles } from '../dashboard-ui/static-files';
import type { RequestState } from '../request-state';

const PREFIX = '/bench/ui/';

/** A path the app routes in the browser (no file extension, not under assets/): answered with index.html. */
function isAppRoute(path: string): boolean {
  return !path.startsWith('assets/') && !/\.[A-Za-z0-9]+$/.test(path);
}

/** Whether If-None-Match names this ETag (a list, weak forms, or `*`). */
function notModified(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  return value.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * `GET /bench/ui/…`: the dashboard's files, to anyone who may reach the gateway (the login page is part of it; its
 * data routes need admin). Hashed assets are cached for good, the rest revalidated by ETag; brotli or gzip when
 * accepted; strict security headers on every answer.
 */
export async function handleUiStatic(state: RequestState, files: StaticFiles | undefined): Promise<void> {
  const path = state.url.pathname;
  if (path === '/bench/ui') {
    state.reply.raw(308, { location: PREFIX, ...DASHBOARD_SECURITY_HEADERS }, '');
    return;
  }
  const home = await files?.get('index.html');
  if (!files || !home) {
    throw new EngineError(
      404,
      'not-found',
      'the dashboard is not installed with this gateway: install @bench/dashboard beside @bench/gateway-node (or give dashboardDir)',
    );
  }
  const wanted = path.slice(PREFIX.length);
  let file: StaticFile | undefined = wanted === '' ? home : await files.get(wanted);
  let index = file === home;
  if (!file && isAppRoute(wanted)) {
    file = home;
    index = true;
  }
  if (!file) throw new EngineError(404, 'not-found', `no dashboard file ${path}`);
  const encoding = file.encodingFor(headerText(state.headers['accept-encoding']));
  const { bytes, etag } = file.body(encoding);
  const headers: Record<string, string> = {
    ...DASHBOARD_SECURITY_HEADERS,
    'content-type': file.type,
    'cache-control': file.immutable && !index ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    vary: 'Accept-Encoding',
  };
  if (notModified(state.headers['if-none-match'], etag)) {
    state.reply.raw(304, headers, '');
    return;
  }
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  state.reply.raw(200, headers, bytes);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
