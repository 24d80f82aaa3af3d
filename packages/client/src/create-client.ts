import { Agent, type Dispatcher } from 'undici';
import type { NeutralRequest } from '@bench/formats';
import { countInputTokens, type CountOptions } from './count-input-tokens';
import { createMemoryHealthStore, type HealthStore } from './health/health-store';
import type { ModelTarget } from './model-target';
import { Pacer } from './pacer';
import { PoolRotation } from './pool-rotation';
import { ReasoningRefusals } from './reasoning-refusals';
import { validateRetry } from './validate-retry';
import { validateTarget } from './validate-target';
import { runFailover, type FailoverOptions, type FailoverRun } from './failover-run';
import { DEFAULT_COOLDOWN, DEFAULT_RETRY, DEFAULT_TIMEOUTS, layered, type CooldownSettings, type RetrySettings, type Timeouts } from './settings';

export interface ClientOptions {
  /** An undici dispatcher to share; by default the client keeps its own keep-alive Agent. */
  dispatcher?: Dispatcher;
  /** Where health records go; by default in memory. */
  health?: HealthStore;
  /** Where provider keys' cooldowns go (targets with a `keyPool`); by default in memory, apart from `health`. */
  keyHealth?: HealthStore;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetrySettings>;
  cooldown?: Partial<CooldownSettings>;
  /** ms epoch clock, for pacing, health and Retry-After dates. */
  now?: () => number;
  /** In [0, 1), for backoff jitter. */
  random?: () => number;
}

export interface Client {
  /**
   * Calls one model (its own short retries, no failover). A failure is that
   * model's own error class. Throws InvalidTargetError for a target it cannot call.
   */
  call(target: ModelTarget, request: NeutralRequest, options?: FailoverOptions): FailoverRun;
  /** Tries `candidates` in order (cooling ones last) until one gives its first piece. Throws InvalidTargetError as `call` does. */
  failover(candidates: readonly ModelTarget[], request: NeutralRequest, options?: FailoverOptions): FailoverRun;
  /**
   * The target's own count of a request's input tokens, asked of its provider's count API on the request as the
   * target would receive it; undefined where its protocol has none (OpenAI Chat, Ollama). A failure throws its ClientError.
   */
  countTokens(target: ModelTarget, request: NeutralRequest, options?: CountOptions): Promise<number | undefined>;
  readonly health: HealthStore;
  /** Provider keys' cooldowns (see KeyPool and keyPoolStatus). */
  readonly keyHealth: HealthStore;
  /** Closes the client's own connection pool (not a dispatcher it was given). */
  close(): Promise<void>;
}

/** A client with pooled keep-alive connections, pacing and health shared by its calls. */
export function createClient(options: ClientOptions = {}): Client {
  // No cap on connections per upstream: a capped pool makes the stream past the cap wait without
  // ever starting (a gateway holds one connection per open stream); idle ones close after 30 s.
  validateRetry(options.retry, 'options.retry');
  const ownAgent = options.dispatcher ? undefined : new Agent({ keepAliveTimeout: 30_000, connections: null });
  const now = options.now ?? Date.now;
  const health = options.health ?? createMemoryHealthStore();
  const deps = {
    dispatcher: options.dispatcher ?? (ownAgent as Dispatcher),
    pacer: new Pacer(now),
    refusals: new ReasoningRefusals(now),
    health,
    keyHealth: options.keyHealth ?? createMemoryHealthStore(),
    rotation: new PoolRotation(),
    now,
    random: options.random ?? Math.random,
    timeouts: layered(DEFAULT_TIMEOUTS, options.timeouts),
    retry: layered(DEFAULT_RETRY, options.retry),
    cooldown: layered(DEFAULT_COOLDOWN, options.cooldown),
  };
  return {
    call: (target, request, callOptions) => {
      validateTarget(target, 'target');
      if (callOptions?.retry) validateRetry(callOptions.retry, 'options.retry');
      return runFailover(deps, [target], request, callOptions, true);
    },
    failover: (candidates, request, callOptions) => {
      candidates.forEach((candidate, index) => validateTarget(candidate, `candidates[${index}]`));
      if (callOptions?.retry) validateRetry(callOptions.retry, 'options.retry');
      return runFailover(deps, candidates, request, callOptions);
    },
    countTokens: async (target, request, countOptions) => {
      validateTarget(target, 'target');
      return countInputTokens(deps.dispatcher, target, request, countOptions);
    },
    health,
    keyHealth: deps.keyHealth,
    close: async () => {
      await ownAgent?.close();
    },
  };
}
