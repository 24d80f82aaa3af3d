import type { CallResult } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import type { Ledger, TranscriptAnswer } from '@bench/ledger';
import type { EngineLogger } from '../runtime/engine-logger';
import { transcriptPrompt } from './transcript-parts';

/** Keeps calls' prompts and answers (only made when the config's `transcripts` asks). */
export interface TranscriptKeeper {
  keep(call: string, request: NeutralRequest, answer: TranscriptAnswer): void;
}

export function transcriptKeeper(ledger: Ledger, logger: EngineLogger): TranscriptKeeper {
  return {
    keep(call, request, answer) {
      try {
        ledger.recordTranscript({ call, ...transcriptPrompt(request), answer });
      } catch (error) {
        // A transcript is the dashboard's: a failure to keep one never reaches the turn.
        logger.warn({ err: (error as Error).message, call }, 'keeping a transcript failed');
      }
    },
  };
}

/** What a call answered, as a transcript keeps it. */
export function answerOf(result: Pick<CallResult, 'text' | 'reasoning' | 'toolCalls'>): TranscriptAnswer {
  return {
    text: result.text,
    reasoning: result.reasoning,
    toolCalls: result.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
  };
}

/** A panel seat's or merger's answer: text only. */
export function textAnswer(text: string): TranscriptAnswer {
  return { text, reasoning: '', toolCalls: [] };
}
