import { benchApi } from '../api/bench-api';
import type { Turn } from '../api/types';
import { ErrorNote } from '../components/error-note';
import { StatusBadge } from '../components/health-badge';
import { Answer, Messages } from '../components/transcript-view';
import { TranscriptsHint } from '../components/transcripts-hint';
import { VerdictControl } from '../components/verdict-control';
import { formatCost, formatCount, formatSeconds, formatTime } from '../lib/format';
import { useLiveEvents } from '../lib/live-events';
import { href } from '../lib/router';
import { useResource, useThrottled } from '../lib/use-resource';

function TurnCard({ turn, kept, onJudged }: { turn: Turn; kept: boolean; onJudged: () => void }) {
  // A turn resends the whole conversation: its last message is what is new in it.
  const lastMessage = turn.transcript?.messages.at(-1);
  return (
    <article class="card turn" data-turn={turn.turn}>
      <h3>
        Turn {turn.turn}: {turn.alias} <StatusBadge status={turn.status} />
      </h3>
      <p class="muted small">
        {formatTime(turn.time)} · first token {formatSeconds(turn.firstTokenSeconds)} · total {formatSeconds(turn.seconds)} · {formatCount(turn.inputTokens)} in
        ({formatCount(turn.cachedTokens)} cached) / {formatCount(turn.outputTokens)} out · {turn.toolCalls} tool calls · {turn.finishReason ?? '—'} ·{' '}
        {formatCost(turn.cost)}
      </p>
      {turn.failovers.length > 0 ? (
        <ul class="failovers" aria-label="Failovers">
          {turn.failovers.map((f, index) => (
            <li key={index}>
              passed over <strong>{f.alias}</strong>: {f.error}
            </li>
          ))}
        </ul>
      ) : null}
      <div class={turn.shadows.length > 0 ? 'side-by-side' : ''}>
        <div>
          {turn.shadows.length > 0 ? <h4>Answer ({turn.alias})</h4> : null}
          {lastMessage ? <Messages system={null} messages={[lastMessage]} /> : null}
          <Answer transcript={turn.transcript} kept={kept} />
        </div>
        {turn.shadows.map((shadow) => (
          <div key={shadow.call.id} class="shadow" data-shadow={shadow.call.alias}>
            <h4>
              Shadow {shadow.call.alias} <StatusBadge status={shadow.call.status} />
            </h4>
            <p class="muted small">
              {formatSeconds(shadow.call.seconds)} · {formatCount(shadow.call.outputTokens)} out · {formatCost(shadow.call.cost)}
            </p>
            <Answer transcript={shadow.transcript} kept={kept} />
          </div>
        ))}
      </div>
      {turn.call ? <VerdictControl call={turn.call} verdict={turn.verdict} onJudged={onJudged} /> : null}
    </article>
  );
}

/** One agent conversation's turns in order, with failovers, shadows and a verdict per turn. */
export function ConversationPage({ id }: { id: string }) {
  const conversation = useResource(() => benchApi.conversation(id), [id]);
  const refresh = useThrottled(() => conversation.reload(), 1000);
  useLiveEvents((event) => {
    if (event.type === 'turn' && event.turn.conversation === id) refresh();
    // A shadow is recorded after its turn: its answer comes in beside the turn's without a reload.
    if (event.type === 'call' && event.call.purpose === 'shadow' && event.call.unit === id) refresh();
  });
  const data = conversation.data;
  return (
    <section aria-labelledby="conversation-title">
      <p>
        <a href={href('/conversations')}>← Conversations</a>
      </p>
      {conversation.error ? <ErrorNote error={conversation.error} /> : null}
      {data ? (
        <>
          <header class="page-head">
            <h1 id="conversation-title">
              Conversation <code>{data.id.slice(0, 12)}</code>
            </h1>
            <p class="muted">
              {data.collection} · {data.turns.length} {data.turns.length === 1 ? 'turn' : 'turns'}
            </p>
          </header>
          <TranscriptsHint flag={data} />
          {data.turns.map((turn) => (
            <TurnCard key={turn.turn} turn={turn} kept={data.transcripts === 'on'} onJudged={() => conversation.reload()} />
          ))}
        </>
      ) : conversation.loading ? (
        <p class="muted">Loading…</p>
      ) : null}
    </section>
  );
}
