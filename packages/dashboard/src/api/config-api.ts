import { api } from './client';

/** One change to the config file: the keys and indexes from its top, and the new value (`undefined` removes it). */
export interface ConfigEdit {
  path: Array<string | number>;
  value?: unknown;
}

type Json = Record<string, unknown>;

export interface ConfigState {
  path: string;
  version: string;
  /** The file's object as written: what an edit's path addresses. */
  config: { models?: Record<string, Json>; collections?: Record<string, Json>; shapes?: string[] } & Json;
  applied: boolean;
  refused?: Array<{ path: string; message: string }>;
  undo: boolean;
  changed?: string[];
  restartNeeded?: string[];
}

export const configApi = {
  read: () => api.get<ConfigState>('/bench/config'),
  save: (edits: ConfigEdit[], version: string) => api.post<ConfigState>('/bench/config', { edits, version }),
  undo: () => api.post<ConfigState>('/bench/config/undo', {}),
};
