import { useState } from 'preact/hooks';
import { type CallFilter, benchApi } from '../api/bench-api';
import type { Call } from '../api/types';
import { ErrorNote } from '../components/error-note';
import { StatusBadge } from '../components/health-badge';
import { Pager } from '../components/pager';
import { formatCost, formatCount, formatSeconds, formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live-events';
import { FilterForm, type FilterField } from '../components/filter-form';
import { apiFilterOf, filterOf } from '../lib/list-filter';
import { href, useLocation } from '../lib/router';
import { useFilterOptions } from '../lib/use-filter-options';
import { useResource } from '../lib/use-resource';

const FIELDS = ['collection', 'model', 'keyName', 'status', 'purpose', 'from', 'to'] as const;
const PURPOSES = ['seat', 'merger', 'route', 'shape', 'shadow'];
const STATUSES = ['ok', 'failed', 'aborted', 'rate-limited', 'timeout', 'server'];
const PAGE_SIZES = ['25', '50', '100', '200'];
const DEFAULT_PAGE_SIZE = 50;

/** Rows per page, from the page's `limit` (1–500, as the API takes it). */
function pageSizeOf(query: URLSearchParams): number {
  const limit = Number(query.get('limit'));
  return Number.isInteger(limit) && limit >= 1 && limit <= 500 ? limit : DEFAULT_PAGE_SIZE;
}

function matches(call: Call, filter: CallFilter): boolean {
  if (filter.collection && call.collection !== filter.collection) return false;
  if (filter.model && call.alias !== filter.model) return false;
  if (filter.keyName && call.keyName !== filter.keyName) return false;
  if (filter.purpose && call.purpose !== filter.purpose) return false;
  if (filter.status === 'failed') return call.status !== 'ok' && call.status !== 'aborted';
  if (filter.status && call.status !== filter.status) return false;
  return !filter.to;
}

function CallFilters({ filter, pageSize, options }: { filter: CallFilter; pageSize: number; options: { collections: string[]; models: string[] } }) {
  const fields: FilterField[] = [
    { name: 'collection', label: 'Collection', kind: 'select', options: options.collections },
    { name: 'model', label: 'Model', kind: 'select', options: options.models },
    { name: 'keyName', label: 'Key', kind: 'text', placeholder: 'key name' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUSES },
    { name: 'purpose', label: 'Purpose', kind: 'select', options: PURPOSES },
    { name: 'from', label: 'From', kind: 'time' },
    { name: 'to', label: 'To', kind: 'time' },
  ];
  const limitOf = (form: FormData): Record<string, string> => {
    const limit = String(form.get('limit') ?? '');
    return limit && limit !== String(DEFAULT_PAGE_SIZE) ? { limit } : {};
  };
  return (
    <FilterForm path="/calls" title="Filter calls" fields={fields} filter={filter} extra={limitOf}>
      <label>
        Rows
        <select name="limit">
          {[...new Set([...PAGE_SIZES, String(pageSize)])].map((size) => (
            <option key={size} value={size} selected={size === String(pageSize)}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </FilterForm>
  );
}

/** Every upstream call, filtered and paged, newest first; new calls that match appear at the top of page 1. */
export function CallsPage() {
  const location = useLocation();
  const filter: CallFilter = filterOf(location.query, FIELDS);
  const apiFilter: CallFilter = apiFilterOf(filter);
  const pageSize = pageSizeOf(location.query);
  const filterKey = JSON.stringify({ ...filter, pageSize });
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = paging.key === filterKey ? paging.cursors : [];
  const [live, setLive] = useState<{ key: string; calls: Call[] }>({ key: '', calls: [] });

  const calls = useResource(() => benchApi.calls(apiFilter, cursors.at(-1), pageSize), [filterKey, cursors]);
  const options = useFilterOptions();
  const pageKey = `${filterKey}|${cursors.length}|${calls.data?.items[0]?.id ?? ''}`;
  const fresh = live.key === pageKey ? live.calls : [];

  useLiveEvents((event) => {
    if (event.type !== 'call' || cursors.length > 0 || !matches(event.call, apiFilter)) return;
    setLive((previous) => ({ key: pageKey, calls: [event.call, ...(previous.key === pageKey ? previous.calls : [])].slice(0, 200) }));
  });

  const shown = [...fresh, ...(calls.data?.items ?? [])];
  return (
    <section aria-labelledby="calls-title">
      <header class="page-head">
        <h1 id="calls-title">Calls</h1>
        <div class="toolbar">
          <a class="button" href={benchApi.exportUrl(apiFilter, 'csv')} download>
            Export CSV
          </a>
          <a class="button" href={benchApi.exportUrl(apiFilter, 'jsonl')} download>
            Export JSONL
          </a>
        </div>
      </header>
      <CallFilters key={filterKey} filter={filter} pageSize={pageSize} options={options} />
      {calls.error ? <ErrorNote error={calls.error} title="The calls did not load." /> : null}
      <div class="table-scroll">
        <table data-testid="calls-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Call</th>
              <th scope="col">Purpose</th>
              <th scope="col">Collection</th>
              <th scope="col">Model</th>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
              <th scope="col">Tokens in / out</th>
              <th scope="col">Cached</th>
              <th scope="col">First token</th>
              <th scope="col">Total</th>
              <th scope="col">Cost</th>
              <th scope="col">Verdict</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((call) => (
              <tr key={call.id} data-call={call.id} class={fresh.includes(call) ? 'fresh' : ''}>
                <td>{formatTime(call.time)}</td>
                <td>
                  <a href={href(`/calls/${call.id}`)}>
                    <code>{call.id}</code>
                  </a>
                </td>
                <td>{call.purpose}</td>
                <td>{call.collection ?? '—'}</td>
                <td>{call.alias}</td>
                <td>{call.keyName ?? '—'}</td>
                <td>
                  <StatusBadge status={call.status} />
                </td>
                <td>
                  {formatCount(call.inputTokens)} / {formatCount(call.outputTokens)}
                </td>
                <td>{formatCount(call.cachedTokens)}</td>
                <td>{formatSeconds(call.firstPieceSeconds)}</td>
                <td>{formatSeconds(call.seconds)}</td>
                <td>{formatCost(call.cost)}</td>
                <td>{call.verdict ? (call.verdict.useful ? 'useful' : 'not useful') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {calls.data && shown.length === 0 ? <p class="muted">No calls match.</p> : null}
      {calls.data ? <Pager cursors={cursors} next={calls.data.next} onPage={(next) => setPaging({ key: filterKey, cursors: next })} /> : null}
    </section>
  );
}
