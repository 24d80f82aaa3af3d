import type { GenAiModel } from '../telemetry/gen-ai-model';

/**
 * One model's label sets, built once and reused for every call (prom-client reads a label object on each update:
 * a literal of fixed shape is quick to read, a spread with a key added is slow on Node 20).
 */
export class CallLabels {
  readonly firstChunk: Record<string, string>;
  readonly input: Record<string, string>;
  readonly output: Record<string, string>;
  readonly cacheRead: Record<string, string>;
  readonly cacheWrite: Record<string, string>;
  readonly #model: GenAiModel;
  readonly #durations = new Map<string, Record<string, string>>();
  readonly #calls = new Map<string, Record<string, string>>();
  readonly #costs = new Map<string, Record<string, string>>();

  constructor(model: GenAiModel) {
    this.#model = model;
    const { alias, requestModel, providerName } = model;
    this.firstChunk = { gen_ai_operation_name: 'chat', gen_ai_provider_name: providerName, gen_ai_request_model: requestModel, model: alias };
    this.input = {
      gen_ai_operation_name: 'chat',
      gen_ai_provider_name: providerName,
      gen_ai_request_model: requestModel,
      model: alias,
      gen_ai_token_type: 'input',
    };
    this.output = {
      gen_ai_operation_name: 'chat',
      gen_ai_provider_name: providerName,
      gen_ai_request_model: requestModel,
      model: alias,
      gen_ai_token_type: 'output',
    };
    this.cacheRead = { model: alias, gen_ai_token_type: 'cache_read' };
    this.cacheWrite = { model: alias, gen_ai_token_type: 'cache_write' };
  }

  /** `error_type` is empty for a call that succeeded. */
  duration(status: string): Record<string, string> {
    let labels = this.#durations.get(status);
    if (!labels) {
      const { alias, requestModel, providerName } = this.#model;
      const error = status === 'ok' ? '' : status;
      labels = { gen_ai_operation_name: 'chat', gen_ai_provider_name: providerName, gen_ai_request_model: requestModel, model: alias, error_type: error };
      this.#durations.set(status, labels);
    }
    return labels;
  }

  call(collection: string, status: string, purpose: string): Record<string, string> {
    const key = `${collection}\u0000${status}\u0000${purpose}`;
    let labels = this.#calls.get(key);
    if (!labels) {
      labels = { model: this.#model.alias, gen_ai_request_model: this.#model.requestModel, collection, status, purpose };
      this.#calls.set(key, labels);
    }
    return labels;
  }

  cost(collection: string, key: string): Record<string, string> {
    const id = `${collection}\u0000${key}`;
    let labels = this.#costs.get(id);
    if (!labels) {
      labels = { model: this.#model.alias, collection, key };
      this.#costs.set(id, labels);
    }
    return labels;
  }
}
