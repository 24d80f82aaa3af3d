import { EngineError, type Engine } from '@bench/engine';
import { getCodec } from '@bench/formats';
import type { RequestState } from '../request-state';
import { quoteValue } from '@bench/contracts';

/** `GET /v1beta/models/{model}`: one entry of the Gemini listing. */
export function handleGeminiModel(state: RequestState, engine: Engine): void {
  const wanted = (state.route.pathModel ?? '').replace(/^models\//, '');
  const models = engine.listings(state.caller).filter((model) => model.name === wanted);
  const entry = (getCodec('gemini').wire.formatModelList(models).models as unknown[])[0];
  if (!entry) throw new EngineError(404, 'not-found', `unknown model ${quoteValue(wanted)}; GET /v1beta/models lists what this key may call`);
  state.reply.json(200, entry);
}
