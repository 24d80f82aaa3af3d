import type { GenAiModel } from '../telemetry/gen-ai-model';
import type { GatewayMetrics } from './gateway-metrics';
import type { Series } from './series-metrics';

/** One model's metric series, looked up once and counted into on every call of it. */
export class CallSeries {
  readonly firstChunk: Series;
  readonly input: Series;
  readonly output: Series;
  readonly cacheRead: Series;
  readonly cacheWrite: Series;
  readonly #model: GenAiModel;
  readonly #metrics: GatewayMetrics;
  readonly #durations = new Map<string, Series>();
  readonly #calls = new Map<string, Series>();
  readonly #costs = new Map<string, Series>();

  constructor(model: GenAiModel, metrics: GatewayMetrics) {
    this.#model = model;
    this.#metrics = metrics;
    const { alias, requestModel, providerName } = model;
    const modelLabels = { gen_ai_operation_name: 'chat', gen_ai_provider_name: providerName, gen_ai_request_model: requestModel, model: alias };
    this.firstChunk = metrics.firstChunkSeconds.series(modelLabels);
    this.input = metrics.tokenUsage.series({ ...modelLabels, gen_ai_token_type: 'input' });
    this.output = metrics.tokenUsage.series({ ...modelLabels, gen_ai_token_type: 'output' });
    this.cacheRead = metrics.cacheTokens.series({ model: alias, gen_ai_token_type: 'cache_read' });
    this.cacheWrite = metrics.cacheTokens.series({ model: alias, gen_ai_token_type: 'cache_write' });
  }

  /** `error_type` is empty for a call that succeeded. */
  duration(status: string): Series {
    let series = this.#durations.get(status);
    if (!series) {
      const { alias, requestModel, providerName } = this.#model;
      const error = status === 'ok' ? '' : status;
      series = this.#metrics.operationSeconds.series({
        gen_ai_operation_name: 'chat',
        gen_ai_provider_name: providerName,
        gen_ai_request_model: requestModel,
        model: alias,
        error_type: error,
      });
      this.#durations.set(status, series);
    }
    return series;
  }

  call(collection: string, status: string, purpose: string): Series {
    const key = `${collection}\u0000${status}\u0000${purpose}`;
    let series = this.#calls.get(key);
    if (!series) {
      series = this.#metrics.upstreamCalls.series({ model: this.#model.alias, gen_ai_request_model: this.#model.requestModel, collection, status, purpose });
      this.#calls.set(key, series);
    }
    return series;
  }

  cost(collection: string, key: string): Series {
    const id = `${collection}\u0000${key}`;
    let series = this.#costs.get(id);
    if (!series) {
      series = this.#metrics.cost.series({ model: this.#model.alias, collection, key });
      this.#costs.set(id, series);
    }
    return series;
  }
}
