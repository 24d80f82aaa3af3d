import { useState } from 'preact/hooks';
import { benchApi } from '../api/bench-api';
import type { Verdict } from '../api/types';
import { ErrorNote } from './error-note';

/** Useful / not useful and a note on one call; posts `POST /bench/verdict` and reports the verdict kept. */
export function VerdictControl({ call, verdict, onJudged }: { call: string; verdict: Verdict | null | undefined; onJudged: (verdict: Verdict) => void }) {
  const [note, setNote] = useState(verdict?.note ?? '');
  const [error, setError] = useState<Error | undefined>();
  const [sending, setSending] = useState(false);
  const noteId = `note-${call}`;

  const judge = async (useful: boolean) => {
    setSending(true);
    setError(undefined);
    try {
      await benchApi.verdict(call, useful, note);
      onJudged({ useful, note: note.trim() || null, time: Date.now() });
    } catch (reason) {
      setError(reason as Error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div class="verdict" data-call={call}>
      <label class="sr-only" for={noteId}>
        Note on {call}
      </label>
      <input id={noteId} class="verdict-note" type="text" placeholder="a note (optional)" value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      <div class="verdict-buttons">
        <button type="button" class={verdict?.useful === true ? 'pressed good' : 'good'} aria-pressed={verdict?.useful === true} disabled={sending} onClick={() => judge(true)}>
          ✓ Useful
        </button>
        <button
          type="button"
          class={verdict?.useful === false ? 'pressed bad' : 'bad'}
          aria-pressed={verdict?.useful === false}
          disabled={sending}
          onClick={() => judge(false)}
        >
          ✗ Not useful
        </button>
      </div>
      {verdict ? (
        <p class="muted verdict-kept">
          Judged {verdict.useful ? 'useful' : 'not useful'}
          {verdict.note ? `: “${verdict.note}”` : ''}
        </p>
      ) : null}
      {error ? <ErrorNote error={error} title="Verdict not kept." /> : null}
    </div>
  );
}
