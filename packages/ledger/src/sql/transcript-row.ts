import type { Transcript } from '../transcript';

/** A transcripts row: the prompt and answer as one JSON text (read back whole, never queried inside). */
export interface TranscriptRow {
  call: string;
  time: number | string;
  body: string;
}

export function transcriptToRow(transcript: Transcript): TranscriptRow {
  const { call, time, ...body } = transcript;
  return { call, time, body: JSON.stringify(body) };
}

export function rowToTranscript(row: TranscriptRow): Transcript {
  return { call: row.call, time: Number(row.time), ...(JSON.parse(row.body) as Omit<Transcript, 'call' | 'time'>) };
}
