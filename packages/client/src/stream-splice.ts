import type { StreamEvent } from '@bench/formats';
import { decideSplice, type SpliceDecision } from './splice-decision';

/**
 * The start of a continuation's stream, held back until it can be told how
 * it joins the text already sent (see decideSplice): the repeated part is
 * dropped, and from then on every event passes as it came. Its own `start`
 * is dropped (the caller had one), and so is reasoning before its text (the
 * caller's text already follows the first member's reasoning).
 */
export class StreamSplice {
  private held = '';
  /** Set once decided; `diverged` tells why the continuation cannot be spliced. */
  decision: Exclude<SpliceDecision, { kind: 'undecided' }> | undefined;
  droppedReasoning = 0;

  constructor(
    private readonly sent: string,
    private readonly prefilled: boolean,
    private readonly trimmed: string,
  ) {}

  get decided(): boolean {
    return this.decision !== undefined;
  }

  private get diverged(): boolean {
    return this.decision?.kind === 'diverged';
  }

  /** The events of one batch as the caller gets them; after a divergence, none (check `decision`). */
  push(events: readonly StreamEvent[]): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const event of events) {
      if (this.diverged) break;
      if (this.decision) {
        out.push(event);
        continue;
      }
      switch (event.type) {
        case 'start':
          break;
        case 'reasoning-delta':
          this.droppedReasoning += event.text.length;
          break;
        case 'text-delta':
          this.held += event.text;
          this.decide(false, out);
          break;
        case 'tool-call-start':
        case 'tool-call-delta':
        case 'tool-call-end':
        case 'finish':
        case 'error':
          this.decide(true, out);
          if (!this.diverged) out.push(event);
          break;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    }
    return out;
  }

  private decide(final: boolean, out: StreamEvent[]): void {
    const decision = decideSplice({ sent: this.sent, held: this.held, prefilled: this.prefilled, trimmed: this.trimmed, final });
    if (decision.kind === 'undecided') return;
    this.decision = decision;
    if (decision.kind === 'diverged') return;
    const rest = this.held.slice(decision.drop);
    this.held = '';
    if (rest !== '') out.push({ type: 'text-delta', text: rest });
  }
}
