/** A list page's filters, kept in its URL (so that a filtered view can be shared): the values as the form shows them. */
export type ListFilter = Record<string, string>;

/** The filters named by `fields` that the URL gives. */
export function filterOf(query: URLSearchParams, fields: readonly string[]): ListFilter {
  const filter: ListFilter = {};
  for (const field of fields) {
    const value = query.get(field);
    if (value) filter[field] = value;
  }
  return filter;
}

/** `datetime-local` values are the browser's local time; the API takes epoch ms. */
export function toEpoch(local: string | undefined): string | undefined {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? undefined : String(ms);
}

/** The filter as the API takes it: `from` and `to` in epoch ms. */
export function apiFilterOf(filter: ListFilter): ListFilter {
  const { from, to, ...rest } = filter;
  const epochFrom = toEpoch(from);
  const epochTo = toEpoch(to);
  return { ...rest, ...(epochFrom ? { from: epochFrom } : {}), ...(epochTo ? { to: epochTo } : {}) };
}
