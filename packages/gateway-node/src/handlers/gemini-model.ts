import type { GatewayConfig } from '../config/resolved-config';
import { GatewayError } from '../errors/gateway-error';
import { sendJSON } from '../http/send';
import { geminiModelList } from '../listings/format-listings';
import { listedModels } from '../listings/listed-models';
import type { RequestState } from '../request-state';

/** `GET /v1beta/models/{model}`: one entry of the Gemini listing. */
export function handleGeminiModel(state: RequestState, config: GatewayConfig): void {
  const wanted = (state.route.pathModel ?? '').replace(/^models\//, '');
  const models = listedModels(config, state.caller).filter((model) => model.name === wanted);
  const entry = (geminiModelList(models).models as unknown[])[0];
  if (!entry) throw new GatewayError(404, 'not-found', `unknown model "${wanted}"; GET /v1beta/models lists what this key may call`);
  sendJSON(state.res, 200, entry);
}
