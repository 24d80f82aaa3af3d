import type { GatewayConfig } from '../config/resolved-config';
import { sendJSON } from '../http/send';
import { anthropicModelList, geminiModelList, ollamaTagList, openaiModelList } from '../listings/format-listings';
import { listedModels } from '../listings/listed-models';
import type { RequestState } from '../request-state';

/** `/v1/models` (Anthropic's shape when an `anthropic-version` header is sent), `/v1beta/models`, `/api/tags`. */
export function handleListModels(state: RequestState, config: GatewayConfig): void {
  const models = listedModels(config, state.caller);
  if (state.protocol === 'gemini') return sendJSON(state.res, 200, geminiModelList(models));
  if (state.protocol === 'ollama') return sendJSON(state.res, 200, ollamaTagList(models));
  if (state.req.headers['anthropic-version']) return sendJSON(state.res, 200, anthropicModelList(models));
  sendJSON(state.res, 200, openaiModelList(models));
}
