import { benchApi } from '../api/bench-api';
import { ErrorNote } from '../components/error-note';
import { StatusBadge } from '../components/health-badge';
import { Answer, Messages } from '../components/transcript-view';
import { TranscriptsHint } from '../components/transcripts-hint';
import { VerdictControl } from '../components/verdict-control';
import { formatCost, formatCount, formatSeconds, formatTime } from '../lib/format';
import { href } from '../lib/router';
import { useResource } from '../lib/use-resource';

/** One call: its figures, prompt and answer (when kept), shadows, and a verdict. */
export function CallPage({ id }: { id: string }) {
  const detail = useResource(() => benchApi.call(id), [id]);
  const data = detail.data;
  const kept = data?.transcripts === 'on';
  return (
    <section aria-labelledby="call-title">
      <p>
        <a href={href('/calls')}>← Calls</a>
      </p>
      {detail.error ? <ErrorNote error={detail.error} /> : null}
      {data ? (
        <>
          <header class="page-head">
            <h1 id="call-title">
              Call <code>{data.call.id}</code> <StatusBadge status={data.call.status} />
            </h1>
            <p class="muted">
              {data.call.purpose} · {data.call.collection ?? 'bare alias'} · {data.call.alias} ({data.call.provider}) · {formatTime(data.call.time)}
            </p>
          </header>
          <TranscriptsHint flag={data} />
          <p class="muted">
            {formatCount(data.call.inputTokens)} in ({formatCount(data.call.cachedTokens)} cached) / {formatCount(data.call.outputTokens)} out · first token{' '}
            {formatSeconds(data.call.firstPieceSeconds)} · total {formatSeconds(data.call.seconds)} · {formatCost(data.call.cost)}
            {data.call.unit ? (
              <>
                {' '}
                · part of{' '}
                <a href={href(data.call.purpose === 'route' ? `/conversations/${data.call.unit}` : `/panels/${data.call.unit}`)}>
                  <code>{data.call.unit}</code>
                </a>
              </>
            ) : null}
          </p>
          {data.call.errorMessage ? <p class="note note-error">{data.call.errorMessage}</p> : null}
          {data.transcript ? <Messages system={data.transcript.system} messages={data.transcript.messages} /> : null}
          <h2>Answer</h2>
          <Answer transcript={data.transcript} kept={kept} />
          <VerdictControl call={data.call.id} verdict={data.call.verdict} onJudged={() => detail.reload()} />
          {data.shadows.length > 0 ? (
            <>
              <h2>Shadows</h2>
              <ul>
                {data.shadows.map((shadow) => (
                  <li key={shadow.id}>
                    <a href={href(`/calls/${shadow.id}`)}>
                      <code>{shadow.id}</code>
                    </a>{' '}
                    {shadow.alias} <StatusBadge status={shadow.status} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : detail.loading ? (
        <p class="muted">Loading…</p>
      ) : null}
    </section>
  );
}
