import { benchApi } from '../api/bench-api';
import type { PanelSeat } from '../api/types';
import { ErrorNote } from '../components/error-note';
import { StatusBadge } from '../components/health-badge';
import { RecordStrip } from '../components/record-strip';
import { Messages } from '../components/transcript-view';
import { TranscriptsHint } from '../components/transcripts-hint';
import { VerdictControl } from '../components/verdict-control';
import { formatCost, formatCount, formatSeconds, formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live-events';
import { href } from '../lib/router';
import { useResource, useThrottled } from '../lib/use-resource';

function SeatCard({ seat, merger = false, kept, onJudged }: { seat: PanelSeat; merger?: boolean; kept: boolean; onJudged: () => void }) {
  const { call } = seat;
  return (
    <article class={`card seat ${merger ? "seat-merger" : ""}`} data-seat={call.alias} data-call={call.id}>
      <h3>
        {merger ? "Merger " : ""}
        {call.alias} <StatusBadge status={call.status} />
      </h3>
      <p class="muted small">
        {formatSeconds(call.seconds)} · first token {formatSeconds(call.firstPieceSeconds)} · {formatCount(call.inputTokens)} in /{' '}
        {formatCount(call.outputTokens)} out · {formatCost(call.cost)}
      </p>
      {call.errorMessage ? <p class="note note-error">{call.errorMessage}</p> : null}
      <div class="seat-answer">
        {seat.answer !== null ? <p class="text">{seat.answer}</p> : <p class="muted">{kept ? 'no answer text' : 'text not kept'}</p>}
      </div>
      <VerdictControl call={call.id} verdict={call.verdict} onJudged={onJudged} />
    </article>
  );
}

/** One panel: the prompt, the merger's answer and every seat side by side, each with a verdict. */
export function PanelPage({ id }: { id: string }) {
  const panel = useResource(() => benchApi.panel(id), [id]);
  const records = useResource(() => benchApi.records(), []);
  const refresh = useThrottled(() => {
    panel.reload();
    records.reload();
  }, 500);
  useLiveEvents((event) => {
    if (event.type === 'call' && event.call.unit === id) refresh();
    if (event.type === 'verdict' && event.verdict.call.startsWith(`${id}.`)) refresh();
  });
  const judged = () => {
    panel.reload();
    records.reload();
  };

  const data = panel.data;
  const kept = data?.transcripts === 'on';
  return (
    <section aria-labelledby="panel-title">
      <p>
        <a href={href('/panels')}>← Panels</a>
      </p>
      {panel.error ? <ErrorNote error={panel.error} /> : null}
      {data ? (
        <>
          <header class="page-head">
            <h1 id="panel-title">
              Panel <code>{data.id}</code>
            </h1>
            <p class="muted">
              {data.collection} · shape {data.shape ?? 'general'} · {formatTime(data.time)}
            </p>
          </header>
          <TranscriptsHint flag={data} />
          {data.collection ? <RecordStrip records={records.data} collection={data.collection} aliases={data.seats.map((s) => s.call.alias)} /> : null}
          {data.messages ? (
            <details class="prompt" open>
              <summary>Prompt</summary>
              <Messages system={data.system} messages={data.messages} />
            </details>
          ) : null}
          {data.merger ? <SeatCard seat={data.merger} merger kept={kept} onJudged={judged} /> : null}
          <div class="seats-grid" data-testid="seats">
            {data.seats.map((seat) => (
              <SeatCard key={seat.call.id} seat={seat} kept={kept} onJudged={judged} />
            ))}
          </div>
        </>
      ) : panel.loading ? (
        <p class="muted">Loading…</p>
      ) : null}
    </section>
  );
}
