import { LedgerInputError } from '../errors/ledger-input-error';
import type { TranscriptInput } from '../transcript';
import { describe, optionalAmount, requireObject, requireString } from './fields';

/** Checks a transcript's outline (the engine builds its parts); throws `LedgerInputError` naming the bad field. */
export function validateTranscript(value: unknown): TranscriptInput {
  const transcript = requireObject(value, 'transcript');
  requireString(transcript.call, 'transcript.call');
  optionalAmount(transcript.time, 'transcript.time');
  if (transcript.system !== null && typeof transcript.system !== 'string') {
    throw new LedgerInputError('transcript.system', `must be a string or null, got ${describe(transcript.system)}`);
  }
  if (!Array.isArray(transcript.messages)) throw new LedgerInputError('transcript.messages', `must be an array, got ${describe(transcript.messages)}`);
  const answer = requireObject(transcript.answer, 'transcript.answer');
  if (typeof answer.text !== 'string') throw new LedgerInputError('transcript.answer.text', `must be a string, got ${describe(answer.text)}`);
  if (typeof answer.reasoning !== 'string') throw new LedgerInputError('transcript.answer.reasoning', `must be a string, got ${describe(answer.reasoning)}`);
  if (!Array.isArray(answer.toolCalls)) throw new LedgerInputError('transcript.answer.toolCalls', `must be an array, got ${describe(answer.toolCalls)}`);
  return transcript as unknown as TranscriptInput;
}
