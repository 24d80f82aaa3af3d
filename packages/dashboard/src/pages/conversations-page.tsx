import { useState } from 'preact/hooks';
import { benchApi } from '../api/bench-api';
import { ErrorNote } from '../components/error-note';
import { StatusBadge } from '../components/health-badge';
import { Pager } from '../components/pager';
import { formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live-events';
import { FilterForm } from '../components/filter-form';
import { href, useLocation } from '../lib/router';
import { useUnitFilters } from '../lib/unit-filters';
import { useResource, useThrottled } from '../lib/use-resource';

/** Agent conversations (route collections), latest first, filtered by what the URL says. */
export function ConversationsPage() {
  const location = useLocation();
  const { filter, apiFilter, key, fields } = useUnitFilters(location, 'Model');
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = paging.key === key ? paging.cursors : [];
  const list = useResource(() => benchApi.conversations(apiFilter, cursors.at(-1)), [key, cursors]);
  const refresh = useThrottled(() => list.reload(), 1000);
  useLiveEvents((event) => {
    if (cursors.length === 0 && (event.type === 'turn' || (event.type === 'verdict' && filter.verdict))) refresh();
  });
  const filtered = Object.keys(filter).length > 0;
  return (
    <section aria-labelledby="conversations-title">
      <header class="page-head">
        <h1 id="conversations-title">Conversations</h1>
      </header>
      <FilterForm key={key} path="/conversations" title="Filter conversations" fields={fields} filter={filter} />
      {list.error ? <ErrorNote error={list.error} /> : null}
      {list.data ? (
        list.data.items.length === 0 ? (
          <p class="muted">{filtered ? 'No conversation matches.' : 'No conversation yet: agent clients call a collection whose reply is "route".'}</p>
        ) : (
          <div class="table-scroll">
            <table data-testid="conversation-list">
              <thead>
                <tr>
                  <th scope="col">Conversation</th>
                  <th scope="col">Collection</th>
                  <th scope="col">Turns</th>
                  <th scope="col">Models</th>
                  <th scope="col">Last status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((c) => (
                  <tr key={c.id} data-conversation={c.id}>
                    <th scope="row">
                      <a href={href(`/conversations/${c.id}`)}>
                        <code>{c.id.slice(0, 12)}</code>
                      </a>
                    </th>
                    <td>{c.collection}</td>
                    <td>{c.turns}</td>
                    <td>{c.models.join(', ')}</td>
                    <td>
                      <StatusBadge status={c.lastStatus} />
                    </td>
                    <td>{formatTime(c.updated)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      {list.data ? <Pager cursors={cursors} next={list.data.next} onPage={(next) => setPaging({ key, cursors: next })} /> : null}
    </section>
  );
}
