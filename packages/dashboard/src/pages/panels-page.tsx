import { useState } from 'preact/hooks';
import { benchApi } from '../api/bench-api';
import { ErrorNote } from '../components/error-note';
import { FilterForm } from '../components/filter-form';
import { StatusBadge } from '../components/health-badge';
import { Pager } from '../components/pager';
import { formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live-events';
import { href, useLocation } from '../lib/router';
import { useUnitFilters } from '../lib/unit-filters';
import { useResource, useThrottled } from '../lib/use-resource';

/** Panels, newest first, filtered by what the URL says; a new panel appears as its calls are recorded. */
export function PanelsPage() {
  const location = useLocation();
  const { filter, apiFilter, key, fields } = useUnitFilters(location, 'Member');
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = paging.key === key ? paging.cursors : [];
  const panels = useResource(() => benchApi.panels(apiFilter, cursors.at(-1)), [key, cursors]);
  const refresh = useThrottled(() => panels.reload(), 1000);
  useLiveEvents((event) => {
    if (cursors.length > 0) return;
    // A verdict moves a panel in or out of a verdict filter.
    if ((event.type === 'call' && (event.call.purpose === 'seat' || event.call.purpose === 'merger')) || (event.type === 'verdict' && filter.verdict)) refresh();
  });
  const filtered = Object.keys(filter).length > 0;
  return (
    <section aria-labelledby="panels-title">
      <header class="page-head">
        <h1 id="panels-title">Panels</h1>
      </header>
      <FilterForm key={key} path="/panels" title="Filter panels" fields={fields} filter={filter} />
      {panels.error ? <ErrorNote error={panels.error} /> : null}
      {panels.data ? (
        <div data-testid="panel-list">
          {panels.data.items.length === 0 ? (
            <p class="muted">
              {filtered ? 'No panel matches.' : 'No panel yet: call a collection whose reply is "all" or "merged" (for example the model bench/core).'}
            </p>
          ) : (
            <ul class="list">
              {panels.data.items.map((panel) => (
                <li key={panel.id} data-panel={panel.id}>
                  <a href={href(`/panels/${panel.id}`)}>
                    <strong>{panel.collection}</strong> <span class="muted">{formatTime(panel.time)}</span>
                  </a>
                  <span class="seats">
                    {panel.seats.map((seat) => (
                      <span key={seat.call} class="seat-chip">
                        {seat.alias} <StatusBadge status={seat.status} />
                      </span>
                    ))}
                    {panel.merger ? (
                      <span class="seat-chip">
                        merger {panel.merger.alias} <StatusBadge status={panel.merger.status} />
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {panels.data ? <Pager cursors={cursors} next={panels.data.next} onPage={(next) => setPaging({ key, cursors: next })} /> : null}
    </section>
  );
}
