/**
 * A request's path and query as the routes read them. The usual origin-form
 * (`/v1/chat/completions?x=1`) is split at the `?` without a URL parse per
 * request; anything else (absolute-form `http://host/path`, which HTTP/1.1
 * servers must accept) goes through the URL parser. The query is parsed only
 * when read (a `?key=` or Gemini's `alt`).
 */
export class RequestTarget {
  readonly pathname: string;
  private readonly search: string;
  private params: URLSearchParams | undefined;

  constructor(raw: string) {
    if (!raw.startsWith('/') || raw.startsWith('//')) {
      const url = parseOther(raw);
      this.pathname = url?.pathname ?? raw;
      this.search = url?.search.slice(1) ?? '';
      return;
    }
    const query = raw.indexOf('?');
    this.pathname = query === -1 ? raw : raw.slice(0, query);
    this.search = query === -1 ? '' : raw.slice(query + 1);
  }

  get searchParams(): URLSearchParams {
    this.params ??= new URLSearchParams(this.search);
    return this.params;
  }
}

function parseOther(raw: string): URL | undefined {
  try {
    return new URL(raw, 'http://bench.local');
  } catch {
    return undefined;
  }
}
