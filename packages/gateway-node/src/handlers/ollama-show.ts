import { z } from 'zod';
import { EngineError, listedModels, mayCall, resolveTarget, type Engine } from '@bench/engine';
import type { RequestState } from '../request-state';
import { quoteValue } from '@bench/contracts';

const showSchema = z.object({ model: z.string().min(1).optional(), name: z.string().min(1).optional() });

/** `POST /api/show`: what Open WebUI and Ollama clients read about a model (capabilities, context length). */
export async function handleOllamaShow(state: RequestState, engine: Engine): Promise<void> {
  const { config } = engine;
  const body = showSchema.safeParse(await state.readBody(config.server.bodyLimitBytes));
  const name = body.success ? (body.data.model ?? body.data.name) : undefined;
  if (!name) throw new EngineError(400, 'invalid-request', 'model: required, a name from GET /api/tags', { param: 'model' });
  const lookup = resolveTarget(config, name, { dropLatestTag: true });
  if (!lookup.found || !mayCall(state.caller, lookup.target)) {
    throw new EngineError(404, 'not-found', `model ${quoteValue(name)} not found; GET /api/tags lists what this key may call`);
  }
  const target = lookup.target;
  const members = target.kind === 'collection' ? target.collection.members.map((alias) => config.models[alias]!) : [target.model];
  const contextLength = Math.min(...members.map((model) => model.contextWindow ?? Number.MAX_SAFE_INTEGER));
  const capabilities = ['completion'];
  if (members.some((model) => model.tools)) capabilities.push('tools');
  if (members.some((model) => model.vision)) capabilities.push('vision');
  if (members.some((model) => model.reasoning)) capabilities.push('thinking');
  const listed = listedModels(config, state.caller).find((model) => `bench/${model.name}` === name.replace(/:latest$/, '') || model.name === name);
  state.reply.json(200, {
    modelfile: '',
    parameters: '',
    template: '',
    details: { parent_model: '', format: 'bench', family: target.kind, families: [target.kind], parameter_size: '', quantization_level: '' },
    model_info:
      contextLength < Number.MAX_SAFE_INTEGER
        ? { 'general.architecture': 'bench', 'bench.context_length': contextLength }
        : { 'general.architecture': 'bench' },
    capabilities,
    description: listed?.description,
    modified_at: new Date(0).toISOString(),
  });
}
