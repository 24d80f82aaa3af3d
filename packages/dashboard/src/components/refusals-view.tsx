import type { LiveRefusal, RefusalCount } from '../api/types';
import { formatCount, formatTime } from '../lib/format';

/** "rpm (the key's)" or "rpm (the collection's, for everyone)": whose limit refused. */
const whose = (limit: string, scope: string) => `${limit} (${scope === 'key' ? "the key's" : "the collection's, for everyone"})`;

/** The requests the gateway's own limits refused in the range, per key and limit: they made no call, so no chart has them. */
export function RefusalsTable({ refusals }: { refusals: RefusalCount[] }) {
  return (
    <div class="table-scroll">
      <table data-testid="refusals-table">
        <caption class="sr-only">Requests refused by limits, per key</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Limit</th>
            <th scope="col">Collection</th>
            <th scope="col">Refused</th>
          </tr>
        </thead>
        <tbody>
          {refusals.map((r) => (
            <tr key={`${r.keyName} ${r.scope} ${r.limit} ${r.collection ?? ''}`} data-key={r.keyName}>
              <th scope="row">{r.keyName}</th>
              <td>{whose(r.limit, r.scope)}</td>
              <td>{r.collection ?? '—'}</td>
              <td>{formatCount(r.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Refusals as the live feed tells them, newest first, while the page is open. */
export function LiveRefusals({ refusals }: { refusals: LiveRefusal[] }) {
  return (
    <ul class="live-refusals" data-testid="live-refusals" aria-live="polite">
      {refusals.map((r) => (
        <li key={`${r.time} ${r.keyName} ${r.limit}`}>
          {formatTime(r.time)}: key <strong>{r.keyName}</strong> refused by its {whose(r.limit, r.scope)} of {formatCount(r.size)}
          {r.collection ? ` calling ${r.collection}` : ''}; it may retry in {r.retryAfterSeconds} s
        </li>
      ))}
    </ul>
  );
}
