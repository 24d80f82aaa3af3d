import { recordRefusal } from './limits/record-refusal';
import { createClient, type Client } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import { createLedger, type Ledger } from '@bench/ledger';
import { newPanelId } from '@bench/panel';
import { createRouter } from '@bench/router';
import { isDeepStrictEqual } from 'node:util';
import { ConfigError } from './config/config-error';
import { configChanges } from './config/config-changes';
import { parseConfig } from './config/parse-config';
import { restartOnlyChanges } from './config/restart-only-changes';
import type { GatewayConfig } from './config/resolved-config';
import type { Engine, EngineHealth } from './engine';
import { countRequestTokens } from './count/count-request-tokens';
import { EngineError } from './errors/engine-error';
import { EngineEvents } from './events/engine-events';
import { observedLedger } from './events/observed-ledger';
import { KeyRing } from './keys/key-ring';
import { keyEntriesFrom } from './keys/key-entries';
import { Limits } from './limits/limits';
import { keyUsage } from './limits/key-usage';
import { listedModels } from './listings/listed-models';
import type { Caller } from './names/permissions';
import { collectionRecords } from './records/collection-records';
import { resolveRequestTarget } from './names/resolve-request-target';
import { resolveItemReferences } from './responses-state/item-references';
import { MAX_ID_LENGTH, ownStoredResponse } from './responses-state/previous-response';
import { storedResponseObject } from './responses-state/stored-response-object';
import { silentLogger, type EngineLogger } from './runtime/engine-logger';
import type { EngineRuntime } from './runtime/engine-runtime';
import { ledgerOptions } from './runtime/ledger-options';
import { keyPoolsHealth } from './runtime/key-pools-health';
import { ledgerRecordSource } from './runtime/ledger-record-source';
import { openState } from './runtime/open-state';
import { createLedgerResponseStore } from './responses-state/ledger-response-store';
import { routerOwnedHealth } from './runtime/router-owned-health';
import { createMemoryShapeLabels } from './shapes/shape-label-store';
import { Shadows } from './shadows/shadows';
import { startTurn } from './turn/start-turn';
import type { TurnContext } from './turn/turn-context';
import { TurnHandle } from './turn/turn-handle';
import type { TurnRunner } from './turn/turn-runner';
import { quoteValue, type MaybePromise } from '@bench/contracts';
import { createDashboard } from './dashboard/dashboard';
import { createSessions } from './sessions/sessions';
import { TranscriptExpiry } from './transcripts/transcript-expiry';
import { transcriptKeeper } from './transcripts/transcript-keeper';

export interface EngineOptions {
  /** Where keys and provider secrets are read from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  logger?: EngineLogger;
  /** A ledger to use instead of opening `config.ledger`. */
  ledger?: Ledger;
  client?: Client;
  now?: () => number;
  random?: () => number;
}

/** The caller of an engine with no keys, or of a turn that names none: may call everything. */
export const LOCAL_CALLER: Caller = { keyName: 'local' };

/** An engine for a parsed config (or the raw object of a config file, validated here). */
export async function createEngine(configOrFile: GatewayConfig | Record<string, unknown>, options: EngineOptions = {}): Promise<Engine> {
  const config = isParsed(configOrFile) ? configOrFile : parseConfig(configOrFile);
  const env = options.env ?? process.env;
  const keys = new KeyRing(keyEntriesFrom(config, env));
  const logger = options.logger ?? silentLogger;
  const events = new EngineEvents();
  const ledger = observedLedger(options.ledger ?? (await createLedger(config.ledger, ledgerOptions(config, logger))), events);
  const state = openState(config.state);
  // With a SQLite ledger and no Redis, stored Responses replies live in the ledger's file, not the heap (and outlive a restart).
  const responses = !state.durable && ledger.store === 'sqlite' ? createLedgerResponseStore(ledger) : state.responses;
  const now = options.now ?? Date.now;
  const client =
    options.client ?? createClient({ now, health: routerOwnedHealth, keyHealth: state.keyHealth, ...(options.random ? { random: options.random } : {}) });
  const records = ledgerRecordSource(ledger, {
    now,
    onError: (error) => logger.warn({ err: (error as Error).message }, "reading the members' records from the ledger failed; ranking by the last ones read"),
  });
  // Another replica took a verdict: this one's next plan reads it too.
  state.records.onChange(() => records.invalidate());
  const router = createRouter({
    conversations: state.conversations,
    health: state.health,
    reasoning: state.reasoning,
    records,
    now,
    ...(options.random ? { random: options.random } : {}),
    onStoreError: (error, store) =>
      logger.warn({ err: (error as Error).message, store }, 'a state store could not be read; the turn is planned without it (no stickiness or cooldowns)'),
  });
  // Made whether or not the config keeps transcripts: a reload may turn them on, and each turn reads its own config.
  const transcripts = transcriptKeeper(ledger, logger);
  const expiry = new TranscriptExpiry(ledger, now, logger);
  expiry.follow(config.transcripts?.keepMs);
  const shadows = new Shadows({ config, env, client, ledger, logger, now, random: options.random ?? Math.random, transcripts });
  // What every new request reads; a reload swaps it whole, and a turn keeps the one it started with.
  let current: { runtime: EngineRuntime; keys: KeyRing } = {
    keys,
    runtime: {
      config,
      env,
      ledger,
      router,
      client,
      records,
      responses,
      logger,
      labels: state.labels,
      shadows,
      events,
      limits: new Limits({ config, store: state.limits, now, logger, events }),
      random: options.random ?? Math.random,
      ...(config.transcripts ? { transcripts } : {}),
      newId: () => newPanelId(),
    },
  };
  const currentConfig = () => current.runtime.config;
  events.on((event) => {
    if (event.type === 'call') current.runtime.limits.count(event.call);
    else if (event.type === 'refusal') recordRefusal(ledger, event.refusal, now(), logger);
  });
  // A store that forgets on restart: the budgets start from what the ledger priced in their period so far.
  if (!state.durable) await current.runtime.limits.seed(ledger);
  // Turns not yet recorded: close() waits for them before it closes the ledger.
  const inFlight = new Set<Promise<void>>();

  const ownResponse = async (id: string, caller: Caller) => (id.length > MAX_ID_LENGTH ? undefined : ownStoredResponse(responses, id, caller.keyName));

  return {
    get config() {
      return currentConfig();
    },
    ledger,
    events,
    get keysEnabled() {
      return current.keys.enabled;
    },
    authenticate: (secret) => current.keys.find(secret),
    reconfigure(next) {
      const nextConfig = isParsed(next) ? next : parseConfig(next);
      const before = currentConfig();
      const refused = restartOnlyChanges(before, nextConfig, { ownLedger: !options.ledger });
      if (refused.length > 0) throw new ConfigError(refused);
      const nextKeys = new KeyRing(keyEntriesFrom(nextConfig, env)); // a key whose variable is unset refuses the reload
      const changed = configChanges(before.source, nextConfig.source);
      shadows.reconfigure(nextConfig);
      // A shaper's label names a shape of the set it was asked with, in its own judgement: a new set or shaper asks again.
      // (after a change of shaping, labels are kept in this process until a restart, even with Redis state)
      const labels = sameShaping(before, nextConfig) ? current.runtime.labels : createMemoryShapeLabels();
      // The counters stay in the store; the limits are the new config's.
      const limits = new Limits({ config: nextConfig, store: state.limits, now, logger, events });
      const { transcripts: _kept, ...runtime } = current.runtime;
      current = { keys: nextKeys, runtime: { ...runtime, config: nextConfig, labels, limits, ...(nextConfig.transcripts ? { transcripts } : {}) } };
      expiry.follow(nextConfig.transcripts?.keepMs);
      records.invalidate(); // a model alias may now name another upstream model
      return { changed };
    },
    turn(request, turnOptions = {}) {
      const { runtime } = current;
      const context: TurnContext = {
        protocol: turnOptions.protocol ?? 'openai-chat',
        caller: turnOptions.key ?? LOCAL_CALLER,
        headers: turnOptions.headers ?? {},
        requestedModel: turnOptions.model ?? request.model,
        summary: {},
        cancelled: false,
        onCancel: [],
      };
      if (turnOptions.onProgress) context.onProgress = turnOptions.onProgress;
      if (turnOptions.via) context.via = turnOptions.via;
      const started = context.requestedModel
        ? tryStartTurn(runtime, request, turnOptions, context)
        : Promise.reject(
            new EngineError(400, 'invalid-request', 'model: required; name a collection (bench/<collection>) or a model alias', { param: 'model' }),
          );
      const turn = new TurnHandle(started, context);
      const signal = turnOptions.signal;
      if (signal) {
        if (signal.aborted) turn.cancel();
        else signal.addEventListener('abort', () => turn.cancel(), { once: true });
      }
      const done = turn.done;
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
      return turn;
    },
    resolve: (model, resolveOptions = {}) =>
      resolveRequestTarget(currentConfig(), resolveOptions.key ?? LOCAL_CALLER, resolveOptions.protocol ?? 'openai-chat', model),
    async verdict(body, key = LOCAL_CALLER) {
      const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const callId = typeof fields.call === 'string' ? fields.call : undefined;
      if (callId) {
        const call = await ledger.getCall(callId);
        if (!call) throw new EngineError(404, 'not-found', `unknown call ${quoteValue(callId)}: use a call id from a reply's bench object`, { param: 'call' });
        const allowed = key.allowed;
        const permitted = !allowed || call.keyName === key.keyName || allowed.includes(call.collection ?? call.alias);
        if (!permitted) throw new EngineError(403, 'permission', `this key may not judge call ${quoteValue(callId)}`, { param: 'call' });
      }
      // An unknown call is a 404 naming `call`, a bad field a 400 naming it: the ledger's errors say so themselves.
      const verdict = await ledger.recordVerdict(fields as never);
      records.invalidate(); // the next plan on this engine reads it
      state.records.announce(); // and the other replicas' next plans
      return verdict;
    },
    listings: (key = LOCAL_CALLER) => listedModels(currentConfig(), key),
    records: (key = LOCAL_CALLER, only) => collectionRecords(current.runtime, key, only),
    async countTokens(request: NeutralRequest, countOptions = {}) {
      const { runtime } = current;
      const target = resolveRequestTarget(
        runtime.config,
        countOptions.key ?? LOCAL_CALLER,
        countOptions.protocol ?? 'openai-chat',
        countOptions.model ?? request.model,
      );
      const caller = countOptions.key ?? LOCAL_CALLER;
      const context = { keyName: caller.keyName, headers: countOptions.headers ?? {}, ...(countOptions.signal ? { signal: countOptions.signal } : {}) };
      return countRequestTokens(runtime, target, request, context);
    },
    responses: {
      resolveReferences: (body, caller) => resolveItemReferences(body, responses, caller.keyName),
      async retrieve(id, caller) {
        const stored = await ownResponse(id, caller);
        return stored ? storedResponseObject(id, stored) : undefined;
      },
      async delete(id, caller) {
        if (!(await ownResponse(id, caller))) return false;
        await responses.delete(id);
        return true;
      },
    },
    shadows: () => shadows.counters(),
    keyUsage: (key = LOCAL_CALLER) => keyUsage(current.runtime, key, now()),
    dashboard: createDashboard(currentConfig, ledger, state.health, now),
    sessions: createSessions(state.sessions, (keyName) => current.keys.named(keyName), now),
    async health(): Promise<EngineHealth> {
      const [ledgerHealth, stateOk, keyPools] = await Promise.all([
        ledger.health().catch((error: unknown) => ({ ok: false, error: (error as Error).message })),
        state.ping().catch(() => false),
        keyPoolsHealth(currentConfig(), env, client.keyHealth, now()),
      ]);
      return {
        ready: ledgerHealth.ok && stateOk,
        ledger: { ok: ledgerHealth.ok, ...('error' in ledgerHealth && ledgerHealth.error ? { error: ledgerHealth.error } : {}) },
        state: { ok: stateOk },
        ...(keyPools ? { keyPools } : {}),
      };
    },
    async close() {
      // Turns in flight are recorded first; one nobody consumes is cancelled once the grace period is over.
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, currentConfig().server.shutdownGraceMs)));
      // Then the shadows those turns started, within the same grace; the ones still going are aborted (and recorded so).
      await Promise.race([Promise.all(inFlight).then(() => shadows.settle()), graceOver]);
      clearTimeout(graceTimer);
      await shadows.abort();
      await expiry.stop();
      // A ledger that cannot write what it holds (its database gone) is reported, and everything else still closes.
      const unwritten = await ledger.close().then(
        () => undefined,
        (error: unknown) => {
          logger.error({ err: (error as Error).message }, 'closing the ledger failed');
          return error;
        },
      );
      await current.runtime.limits.settle();
      await state.close();
      if (!options.client) await client.close();
      if (unwritten !== undefined) throw unwritten;
    },
  };
}

function sameShaping(before: GatewayConfig, after: GatewayConfig): boolean {
  const shapers = (config: GatewayConfig) => Object.values(config.collections).map((collection) => [collection.name, collection.shaper]);
  return isDeepStrictEqual(before.shapes, after.shapes) && isDeepStrictEqual(shapers(before), shapers(after));
}

/** A turn's start, its refusals as a rejected start (as every way of consuming a turn reports them). */
function tryStartTurn(...args: Parameters<typeof startTurn>): MaybePromise<TurnRunner> {
  try {
    return startTurn(...args);
  } catch (error) {
    return Promise.reject(error);
  }
}

function isParsed(config: GatewayConfig | Record<string, unknown>): config is GatewayConfig {
  return 'source' in config && 'defaults' in config && typeof (config as GatewayConfig).server?.bodyLimitBytes === 'number';
}
