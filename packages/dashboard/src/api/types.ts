// The shapes of the gateway's /bench/… JSON routes, as docs/dashboard-api.md documents them.

export interface Verdict {
  useful: boolean;
  note: string | null;
  time: number;
}

export interface Call {
  id: string;
  time: number;
  purpose: 'seat' | 'merger' | 'route' | 'shape' | 'shadow';
  collection: string | null;
  keyName: string | null;
  alias: string;
  provider: string;
  status: string;
  errorClass: string | null;
  errorMessage: string | null;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  cost: number | null;
  seconds: number | null;
  firstPieceSeconds: number | null;
  finishReason: string | null;
  toolCalls: number;
  warnings: string[];
  unit: string | null;
  shape: string | null;
  via?: string;
  verdict?: Verdict | null;
}

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType?: string; bytes?: number; url?: string }
  | { type: 'file'; mediaType?: string; bytes?: number; url?: string; filename?: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'tool-result'; callId: string; name?: string; isError: boolean; content: ContentPart[] }
  | { type: 'reasoning'; text: string };

export interface Message {
  role: 'user' | 'assistant' | 'tool';
  content: ContentPart[];
}

export interface Transcript {
  call: string;
  time: number;
  system: string | null;
  messages: Message[];
  answer: { text: string; reasoning: string; toolCalls: Array<{ id: string; name: string; arguments: string }> } | null;
}

/** Routes that could show text say whether it is kept, and how to keep it when not. */
export interface TranscriptsFlag {
  transcripts: 'on' | 'off';
  hint?: string;
}

export interface Totals {
  calls: number;
  failures: number;
  cost: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  firstTokenSeconds: number | null;
  seconds: number | null;
  outputTokensPerSecond: number | null;
}

export interface Series {
  name: string | null;
  calls: number[];
  failures: number[];
  cost: number[];
  inputTokens: number[];
  outputTokens: number[];
  cachedTokens: number[];
  firstTokenSeconds: Array<number | null>;
  seconds: Array<number | null>;
  totals: Totals;
}

export type Range = 'hour' | 'day' | 'week';

export interface Overview {
  range: Range;
  from: number;
  to: number;
  bucketMs: number;
  buckets: number[];
  totals: Totals;
  byModel: Series[];
  byKey: Series[];
}

export interface Member {
  alias: string;
  health: 'ready' | 'cooling' | 'half-open';
  until: number | null;
  why: string | null;
  adHoc: boolean;
  retired: { at: string; why: string } | null;
}

export interface Collection {
  name: string;
  description: string | null;
  reply: 'all' | 'merged' | 'route';
  order: 'record' | 'listed' | 'learned';
  shape: string | null;
  shaper: string | null;
  merger: string | null;
  members: Member[];
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

export interface ConversationSummary {
  id: string;
  collection: string;
  started: number;
  updated: number;
  turns: number;
  models: string[];
  lastStatus: string;
}

export interface Turn {
  turn: number;
  time: number;
  call: string | null;
  alias: string;
  status: string;
  seconds: number | null;
  firstTokenSeconds: number | null;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  toolCalls: number;
  finishReason: string | null;
  cost: number | null;
  failovers: Array<{ alias: string; error: string }>;
  verdict: Verdict | null;
  transcript: Transcript | null;
  shadows: Array<{ call: Call; transcript: Transcript | null }>;
}

export interface Conversation extends TranscriptsFlag {
  id: string;
  collection: string;
  turns: Turn[];
}

export interface PanelSummary {
  id: string;
  time: number;
  collection: string;
  shape: string | null;
  seats: Array<{ call: string; alias: string; status: string }>;
  merger: { call: string; alias: string; status: string } | null;
}

export interface PanelSeat {
  call: Call;
  answer: string | null;
}

export interface Panel extends TranscriptsFlag {
  id: string;
  time: number;
  collection: string;
  shape: string | null;
  system: string | null;
  messages: Message[] | null;
  seats: PanelSeat[];
  merger: PanelSeat | null;
}

export interface RecordFigures {
  shape: string | null;
  calls: number;
  useful: number;
  notUseful: number;
  failures: number;
  firstTokenSeconds: number | null;
  seconds: number | null;
  cost: number | null;
  lastUsed: number | null;
}

export interface Model {
  alias: string;
  provider: string;
  model: string;
  api: string;
  contextWindow: number | null;
  maxOutput: number | null;
  tools: boolean | null;
  vision: boolean | null;
  role: string | null;
  adHoc: boolean;
  retired: { at: string; why: string } | null;
  price: { input: number; output: number } | null;
  collections: string[];
  record: { whole: RecordFigures; shapes: RecordFigures[] };
}

export interface Models {
  shapes: string[];
  models: Model[];
}

export interface Session {
  keyName: string;
  login: boolean;
  via: 'cookie' | 'key' | 'loopback';
  expires: number | null;
  csrf: string | null;
}

export interface CallDetail extends TranscriptsFlag {
  call: Call;
  transcript: Transcript | null;
  shadows: Call[];
}
