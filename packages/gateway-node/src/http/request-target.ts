/**
 * A request's path and query as the routes read them: split at the `?`
 * without a URL parse per request; the query is parsed only when read (a
 * `?key=` or Gemini's `alt`).
 */
export class RequestTarget {
  readonly pathname: string;
  private readonly search: string;
  private params: URLSearchParams | undefined;

  constructor(raw: string) {
    const query = raw.indexOf('?');
    this.pathname = query === -1 ? raw : raw.slice(0, query);
    this.search = query === -1 ? '' : raw.slice(query + 1);
  }

  get searchParams(): URLSearchParams {
    this.params ??= new URLSearchParams(this.search);
    return this.params;
  }
}
