import type { GatewayConfig } from '@bench/engine';
import type { Protocol } from '@bench/formats';

/** A model alias as the OpenTelemetry GenAI conventions name it: the upstream's model id and provider. */
export interface GenAiModel {
  /** bench's alias (`m1`). */
  alias: string;
  /** `gen_ai.request.model`: the provider's model id (`gpt-5.4-nano`). */
  requestModel: string;
  /** `gen_ai.provider.name`, from the provider's API: `openai`, `anthropic`, `gcp.gemini` or `ollama`. */
  providerName: string;
}

const PROVIDER_NAMES: Record<Protocol, string> = {
  'openai-chat': 'openai',
  'openai-responses': 'openai',
  anthropic: 'anthropic',
  gemini: 'gcp.gemini',
  ollama: 'ollama',
};

/** The GenAI names of each alias, looked up once per alias (a call's record names only its alias). */
export function genAiModels(config: GatewayConfig): (alias: string) => GenAiModel {
  const known = new Map<string, GenAiModel>();
  return (alias) => {
    let model = known.get(alias);
    if (!model) {
      const configured = config.models[alias];
      const api = configured ? config.providers[configured.provider]?.api : undefined;
      model = { alias, requestModel: configured?.model ?? alias, providerName: api ? PROVIDER_NAMES[api] : 'unknown' };
      known.set(alias, model);
    }
    return model;
  };
}
