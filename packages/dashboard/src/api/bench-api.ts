import { api, withQuery } from './client';
import type {
  Call,
  CallDetail,
  Collection,
  Conversation,
  ConversationSummary,
  Models,
  Overview,
  Page,
  Panel,
  PanelSummary,
  Range,
  Session,
  Verdict,
} from './types';

/** The filters the calls table and its export share (every one optional). */
export type CallFilter = {
  collection?: string;
  model?: string;
  keyName?: string;
  status?: string;
  purpose?: string;
  from?: string;
  to?: string;
};

/** The filters of the panels and the conversations (`verdict`: `given` or `needed`; times in epoch ms). */
export type UnitFilter = {
  collection?: string;
  model?: string;
  keyName?: string;
  verdict?: string;
  from?: string;
  to?: string;
};

export type RecordsReply = {
  shapes: string[];
  collections: Array<{
    name: string;
    members: Array<{ alias: string; whole: { calls: number; useful: number; notUseful: number; failures: number } }>;
    next: Record<string, { ranking: Array<{ alias: string; why?: string }> }>;
  }>;
};

const page = <T>(items: T[], next: string | null): Page<T> => ({ items, next });

export const benchApi = {
  session: () => api.quiet.get<Session>('/bench/ui/session'),
  login: (key: string) => api.quiet.post<Session & { csrf: string }>('/bench/ui/session', { key }),
  logout: () => api.quiet.delete<void>('/bench/ui/session'),

  overview: (range: Range) => api.get<Overview>('/bench/overview', { range }),
  collections: () => api.get<{ collections: Collection[] }>('/bench/collections').then((r) => r.collections),
  models: () => api.get<Models>('/bench/models'),
  records: () => api.get<RecordsReply>('/bench/records'),

  calls: async (filter: CallFilter, cursor?: string, limit = 50) => {
    const r = await api.get<{ calls: Call[]; next: string | null }>('/bench/calls', { ...filter, cursor, limit });
    return page(r.calls, r.next);
  },
  exportUrl: (filter: CallFilter, format: 'csv' | 'jsonl') => withQuery('/bench/calls/export', { format, from: filter.from, to: filter.to }),
  call: (id: string) => api.get<CallDetail>(`/bench/calls/${encodeURIComponent(id)}`),

  conversations: async (filter: UnitFilter, cursor?: string) => {
    const r = await api.get<{ conversations: ConversationSummary[]; next: string | null }>('/bench/conversations', { ...filter, cursor, limit: 30 });
    return page(r.conversations, r.next);
  },
  conversation: (id: string) => api.get<Conversation>(`/bench/conversations/${encodeURIComponent(id)}`),

  panels: async (filter: UnitFilter, cursor?: string) => {
    const r = await api.get<{ panels: PanelSummary[]; next: string | null }>('/bench/panels', { ...filter, cursor, limit: 20 });
    return page(r.panels, r.next);
  },
  panel: (id: string) => api.get<Panel>(`/bench/panels/${encodeURIComponent(id)}`),

  verdict: (call: string, useful: boolean, note: string) =>
    api.post<{ call: string; useful: boolean } & Partial<Verdict>>('/bench/verdict', { call, useful, ...(note.trim() ? { note: note.trim() } : {}) }),
};
