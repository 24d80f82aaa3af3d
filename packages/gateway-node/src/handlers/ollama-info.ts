import type { RequestState } from '../request-state';

/** The Ollama version bench reports: recent enough that clients enable tools and thinking. */
export const OLLAMA_COMPATIBLE_VERSION = '0.12.0';

export function handleOllamaVersion(state: RequestState): void {
  state.reply.json(200, { version: OLLAMA_COMPATIBLE_VERSION });
}

/** `/api/ps`: bench loads nothing into memory, so nothing is running. */
export function handleOllamaPs(state: RequestState): void {
  state.reply.json(200, { models: [] });
}
