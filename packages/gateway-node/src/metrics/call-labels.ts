import type { GenAiModel } from '../telemetry/gen-ai-model';
import type { GatewayMetrics } from './gateway-metrics';
import type { CounterSeries } from './summed-counter';
import type { HistogramSeries } from './summed-histogram';

/** One model's series in every call metric, found once and reused for every call (an update is then a number added). */
export class CallLabels {
  readonly #model: GenAiModel;
  readonly #metrics: GatewayMetrics;
  readonly #chat: Record<string, string>;
  // Each made on its first update, as prom-client makes a series: a model never cached lists no cache series.
  #firstChunk: HistogramSeries | undefined;
  #input: HistogramSeries | undefined;
  #output: HistogramSeries | undefined;
  #cacheRead: CounterSeries | undefined;
  #cacheWrite: CounterSeries | undefined;
  readonly #durations = new Map<string, HistogramSeries>();
  readonly #calls = new Map<string, CounterSeries>();
  readonly #costs = new Map<string, CounterSeries>();

  constructor(metrics: GatewayMetrics, model: GenAiModel) {
    this.#metrics = metrics;
    this.#model = model;
    const { alias, requestModel, providerName } = model;
    this.#chat = { gen_ai_operation_name: 'chat', gen_ai_provider_name: providerName, gen_ai_request_model: requestModel, model: alias };
  }

  get firstChunk(): HistogramSeries {
    this.#firstChunk ??= this.#metrics.firstChunkSeconds.series(this.#chat);
    return this.#firstChunk;
  }

  get input(): HistogramSeries {
    this.#input ??= this.#metrics.tokenUsage.series({ ...this.#chat, gen_ai_token_type: 'input' });
    return this.#input;
  }

  get output(): HistogramSeries {
    this.#output ??= this.#metrics.tokenUsage.series({ ...this.#chat, gen_ai_token_type: 'output' });
    return this.#output;
  }

  get cacheRead(): CounterSeries {
    this.#cacheRead ??= this.#metrics.cacheTokens.series({ model: this.#model.alias, gen_ai_token_type: 'cache_read' });
    return this.#cacheRead;
  }

  get cacheWrite(): CounterSeries {
    this.#cacheWrite ??= this.#metrics.cacheTokens.series({ model: this.#model.alias, gen_ai_token_type: 'cache_write' });
    return this.#cacheWrite;
  }

  /** `error_type` is empty for a call that succeeded. */
  duration(status: string): HistogramSeries {
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

  call(collection: string, status: string, purpose: string): CounterSeries {
    const key = `${collection}\u0000${status}\u0000${purpose}`;
    let series = this.#calls.get(key);
    if (!series) {
      series = this.#metrics.upstreamCalls.series({ model: this.#model.alias, gen_ai_request_model: this.#model.requestModel, collection, status, purpose });
      this.#calls.set(key, series);
    }
    return series;
  }

  cost(collection: string, key: string): CounterSeries {
    const id = `${collection}\u0000${key}`;
    let series = this.#costs.get(id);
    if (!series) {
      series = this.#metrics.cost.series({ model: this.#model.alias, collection, key });
      this.#costs.set(id, series);
    }
    return series;
  }
}
