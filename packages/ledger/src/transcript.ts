/** A part of a kept prompt: what was said, with images and files reduced to their type and size. */
export type TranscriptPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType: string; bytes: number }
  | { type: 'image'; url: string }
  | { type: 'file'; mediaType?: string; bytes?: number; url?: string; filename?: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'tool-result'; callId: string; name?: string; isError: boolean; content: TranscriptPart[] }
  | { type: 'reasoning'; text: string };

export interface TranscriptMessage {
  role: 'user' | 'assistant' | 'tool';
  content: TranscriptPart[];
}

export interface TranscriptToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What a call answered. */
export interface TranscriptAnswer {
  text: string;
  /** The reasoning the member showed, '' when none. */
  reasoning: string;
  toolCalls: TranscriptToolCall[];
}

/** What the engine hands `recordTranscript`: one call's prompt and answer (kept only when the config asks). */
export interface TranscriptInput {
  call: string;
  /** Epoch ms; the ledger's clock when absent. */
  time?: number;
  /** The system parts joined, or null. */
  system: string | null;
  messages: TranscriptMessage[];
  answer: TranscriptAnswer;
}

export interface Transcript {
  call: string;
  time: number;
  system: string | null;
  messages: TranscriptMessage[];
  answer: TranscriptAnswer;
}
