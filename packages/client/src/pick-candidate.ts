import type { NeutralRequest, Warning } from '@bench/formats';
import type { Dispatcher } from 'undici';
import type { AttemptReport } from './attempt-report';
import type { SkippedCandidate } from './call-result';
import { AbortedError } from './errors/aborted-error';
import { AllCandidatesFailedError, type CandidateFailure } from './errors/all-candidates-failed-error';
import type { ClientError, ClientErrorKind } from './errors/client-error';
import { RateLimitedError } from './errors/rate-limited-error';
import { isPromise, type MaybePromise } from '@bench/contracts';
import type { HealthStore, MemberHealth } from './health/health-store';
import type { ModelTarget } from './model-target';
import { openCandidate, type CandidateInput, type OpenedCandidate } from './open-candidate';
import { openWithKeyPool } from './open-with-key-pool';
import type { PoolRotation } from './pool-rotation';
import { orderByHealth } from './order-by-health';
import type { Pacer } from './pacer';
import type { ReasoningRefusals } from './reasoning-refusals';
import type { RunAbort } from './run-abort';
import { layered, type CooldownSettings, type RetrySettings, type Timeouts } from './settings';
import { toClientError } from './to-client-error';

export interface PickInput {
  candidates: readonly ModelTarget[];
  request: NeutralRequest;
  timeouts: Timeouts;
  retry: RetrySettings;
  cooldown: CooldownSettings;
  dispatcher: Dispatcher;
  pacer: Pacer;
  refusals: ReasoningRefusals;
  health: HealthStore;
  /** Provider keys' cooldowns (see KeyPool), apart from the members'. */
  keyHealth: HealthStore;
  /** Which ready key of each pool a call starts with. */
  rotation: PoolRotation;
  now: () => number;
  random: () => number;
  abort: RunAbort;
  report: (report: AttemptReport) => void;
  /** One model, not a failover: tried whatever `maxMembers` says; its failure is reported as its own error, not "every candidate failed". */
  single?: boolean;
  skipped: SkippedCandidate[];
  warnings: Warning[];
  /** What is left of the turn's `totalMs` (a continuation): no target's own `totalMs` goes past it. */
  totalLeftMs?: number;
  /** A continuation's request for each target (with a prefill where its API continues one), and the one without to fall back on. */
  requestFor?: (target: ModelTarget) => { request: NeutralRequest; withoutPrefill?: NeutralRequest };
}

export type Picked = { ok: true; target: ModelTarget; opened: OpenedCandidate } | { ok: false; error: ClientError };

/** Failures that say something about the model's health (not about the request). */
export const HEALTH_KINDS: ReadonlySet<ClientErrorKind> = new Set<ClientErrorKind>([
  'rate-limited',
  'server',
  'connection',
  'timeout',
  'empty',
  'provider-refused',
]);

/**
 * Tries the candidates in turn (cooling ones last, at most `maxMembers`) until
 * one gives its first piece. A context-length error passes over candidates no
 * larger; a content-policy refusal or a bad request ends the search.
 */
export async function pickCandidate(input: PickInput): Promise<Picked> {
  const { retry, abort } = input;
  const dropped = (what: string, error: unknown) => {
    input.warnings.push({ code: 'dropped', message: `health store: ${what} failed (${error instanceof Error ? error.message : String(error)})` });
  };
  // A write nobody waits for: no async wrapper, its failure becomes a warning.
  const inBackground = (what: string, work: () => MaybePromise<unknown>): void => {
    try {
      const writing = work();
      if (isPromise(writing)) writing.catch((error: unknown) => dropped(what, error));
    } catch (error) {
      dropped(what, error);
    }
  };
  // One candidate has no order to choose: its health is not read (a Redis store would be a round trip).
  let ordered = input.candidates;
  if (ordered.length > 1) {
    let records: ReadonlyMap<string, MemberHealth> = NO_HEALTH;
    try {
      const reading = input.health.read(
        input.candidates.map((c) => c.alias),
        input.now(),
      );
      records = isPromise(reading) ? await reading : reading;
    } catch (error) {
      dropped('read', error);
    }
    ordered = orderByHealth(input.candidates, records, input.now());
  }
  const failures: CandidateFailure[] = [];
  let tooSmall: number | undefined;
  let tried = 0;
  for (const target of ordered) {
    if (tried >= (input.single ? 1 : retry.maxMembers)) break;
    if (tooSmall !== undefined && target.contextWindow !== undefined && target.contextWindow <= tooSmall) {
      input.skipped.push({ alias: target.alias, why: `context window ${target.contextWindow} is not larger than ${tooSmall}, which the request did not fit` });
      continue;
    }
    tried += 1;
    try {
      const asked = input.requestFor?.(target);
      // Field by field rather than a spread of the input: one fixed shape per try.
      const candidate: CandidateInput = {
        target,
        request: asked ? asked.request : input.request,
        timeouts: withinTotal(layered(input.timeouts, target.timeouts), input.totalLeftMs),
        retry: layered(retry, target.retry),
        dispatcher: input.dispatcher,
        pacer: input.pacer,
        refusals: input.refusals,
        now: input.now,
        random: input.random,
        abort,
        report: input.report,
      };
      // After the literal, not spread inside it: a spread there makes every candidate a slow object to build and read.
      if (asked?.withoutPrefill) candidate.withoutPrefill = asked.withoutPrefill;
      const opened = target.keyPool
        ? await openWithKeyPool(candidate, target.keyPool, {
            keyHealth: input.keyHealth,
            rotation: input.rotation,
            cooldownMs: input.cooldown.forMs,
            warnings: input.warnings,
          })
        : await openCandidate(candidate);
      // Health writes never hold up the stream or the next candidate (a Redis store is a round trip).
      inBackground('succeeded', () => input.health.succeeded(target.alias));
      return { ok: true, target, opened };
    } catch (thrown) {
      const error = toClientError(thrown, target.alias);
      if (abort.aborted || error.kind === 'aborted') {
        return {
          ok: false,
          error: error.kind === 'aborted' ? error : new AbortedError({ alias: target.alias, message: `${target.alias}: the caller aborted` }),
        };
      }
      if (HEALTH_KINDS.has(error.kind)) {
        const retryAfterMs = RateLimitedError.isInstance(error) ? error.retryAfterMs : undefined;
        // A rate limit cools the model for its Retry-After (or the cooldown when it gave none); every such failure
        // counts toward opening its circuit.
        const now = input.now();
        if (error.kind === 'rate-limited')
          inBackground('rateLimited', () => input.health.rateLimited(target.alias, now + (retryAfterMs ?? input.cooldown.forMs)));
        inBackground('failed', () => input.health.failed(target.alias, now, input.cooldown));
      }
      if (error.kind === 'content-policy' || error.kind === 'bad-request') return { ok: false, error };
      if (error.kind === 'context-length' && target.contextWindow !== undefined) tooSmall = Math.max(tooSmall ?? 0, target.contextWindow);
      failures.push({ alias: target.alias, error });
    }
  }
  const only = failures[0];
  if (input.single && failures.length === 1 && only) return { ok: false, error: only.error };
  return { ok: false, error: new AllCandidatesFailedError(failures) };
}

/** No health records (a store whose read failed): one shared empty map, read only. */
const NO_HEALTH: ReadonlyMap<string, MemberHealth> = new Map();

function withinTotal(timeouts: Timeouts, totalLeftMs: number | undefined): Timeouts {
  return totalLeftMs === undefined || timeouts.totalMs <= totalLeftMs ? timeouts : Object.assign({}, timeouts, { totalMs: totalLeftMs });
}
