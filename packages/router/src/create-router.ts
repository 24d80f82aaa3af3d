import { randomUUID } from 'node:crypto';
import { estimateTokens, type AssistantContentPart, type NeutralRequest } from '@bench/formats';
import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import { NoEligibleMemberError } from './errors/no-eligible-member-error';
import { RequestTooLargeError } from './errors/request-too-large-error';
import { excludeMembers } from './exclude-members';
import type { HeaderRecord } from './header-record';
import { claimConversation } from './claim-conversation';
import type { IdentifyInput } from './identify-conversation';
import { peekConversation, type PeekedConversation } from './peek-conversation';
import { claimProbes, classifyHealth } from './member-health';
import type { Collection, Member } from './member';
import { coolingLast, moveFirst, orderMembers, type Ordered } from './order-members';
import { cutOutput } from './output-budget';
import { isPromise, type MaybePromise } from './maybe-promise';
import { orFallback } from './or-fallback';
import type { Plan, PlannedMember } from './plan';
import { resolveCooldown, resolveSettings } from './resolve-settings';
import type { CooldownSettings, RouteSettings } from './route-settings';
import { profileRequest } from './request-profile';
import { keepReasoning, restoreReasoning } from './restore-reasoning';
import { shapeOf } from './shape-of';
import { settleTurn, type TurnOutcome } from './settle-turn';
import type { ConversationStore } from './stores/conversation-store';
import type { HealthStore } from './stores/health-store';
import { createMemoryConversationStore } from './stores/memory-conversation-store';
import { createMemoryHealthStore } from './stores/memory-health-store';
import { createMemoryReasoningStore } from './stores/memory-reasoning-store';
import { createMemoryRecordSource } from './stores/memory-record-source';
import type { ReasoningStore } from './stores/reasoning-store';
import type { RecordSource } from './stores/record-source';
import { validateCollection } from './validate-collection';
import { validateRecords } from './validate-records';
import { validateRequest } from './validate-request';

export interface RouterOptions {
  /** Sticky conversations (default: in memory, 100,000 at most). */
  conversations?: ConversationStore;
  /** Cooldowns and circuits (default: in memory). */
  health?: HealthStore;
  /** Records to rank by (default: an empty memory source: every member ties). */
  records?: RecordSource;
  /** Reasoning kept for callers whose protocol cannot carry it back (default: in memory, 64 MiB at most). */
  reasoning?: ReasoningStore;
  /** Default cooldown policy (afterFailures 3, forMs 30 s); `settle` may override it per collection. */
  cooldown?: Partial<CooldownSettings>;
  /** Applied to the system text before fingerprinting. */
  normalizeSystem?: (text: string) => string;
  /** Clock in epoch ms (default Date.now). */
  now?: () => number;
  /** Uniform [0, 1) (default Math.random). */
  random?: () => number;
  /**
   * With it, a store that cannot be read while planning (Redis down or
   * timing out) is reported here and the turn is planned without it (the
   * conversation kept on no member this turn, no cooldowns or probes) rather
   * than failed. Without it, `plan` rejects with the store's error.
   */
  onStoreError?: (error: unknown, store: 'records' | 'health' | 'conversations') => void;
}

export interface PlanInput {
  collection: Collection;
  /** The caller's key name ('' when the gateway has no keys). */
  keyName: string;
  request: NeutralRequest;
  headers?: HeaderRecord;
  settings?: Partial<RouteSettings>;
  /** The collection's cooldown policy: how long a half-open probe is held. */
  cooldown?: Partial<CooldownSettings>;
  /** The request's shape (`code`, `writing`, …; default `general`): records are read on it, else the whole record. */
  shape?: string;
  /** Add `ranking` to the plan: every eligible member in the order a new conversation gets, with why. */
  explain?: boolean;
}

/** What identifies a request's conversation, as `plan` reads it. */
export type PeekInput = Pick<PlanInput, 'collection' | 'keyName' | 'request' | 'headers' | 'settings'>;

export interface Router {
  /** Who may answer this turn, in order; throws RequestTooLargeError (413) or NoEligibleMemberError (400). */
  plan(input: PlanInput): Promise<Plan>;
  /**
   * The member the request's conversation is on, read only: a conversation not under way (or not sticky) is
   * undefined and stays unclaimed, one under way keeps its member and its idle expiry (a token count is no turn).
   * A store that cannot be read is reported to `onStoreError` and reads as undefined, as in `plan`.
   */
  peek(input: PeekInput): Promise<PeekedConversation | undefined>;
  /** After the turn: the conversation moves to the member that answered; failures cool members down. */
  settle(plan: Plan, outcome: TurnOutcome): Promise<void>;
  /**
   * Keeps the reasoning of a reply that called tools (its text and signatures) for a caller that does not carry
   * it back (OpenAI Chat and Ollama have no place for a signature; agent clients drop reasoning text from their
   * history), until the conversation's idle expiry.
   */
  keepReasoning(plan: Plan, content: readonly AssistantContentPart[]): MaybePromise<void>;
  /**
   * The request with the reasoning kept by `keepReasoning` back in the messages that called those tools, so that
   * the member that wrote it gets its thinking and signatures back as its own clients send them. Messages that
   * carry a signature of their own, or call other tools, stay as they are; unsigned reasoning the caller sent
   * back is replaced by the kept.
   */
  restoreReasoning(plan: Plan, request: NeutralRequest): MaybePromise<NeutralRequest>;
}

export function createRouter(options: RouterOptions = {}): Router {
  const conversations = options.conversations ?? createMemoryConversationStore();
  const health = options.health ?? createMemoryHealthStore();
  const records = options.records ?? createMemoryRecordSource();
  const reasoning = options.reasoning ?? createMemoryReasoningStore();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const cooldown = resolveCooldown(options.cooldown, 'cooldown');
  const identifyOptions = { normalizeSystem: options.normalizeSystem };

  const storeError =
    options.onStoreError ??
    ((error: unknown) => {
      throw error;
    });
  // Made once, not per plan: a plan passes them to every store read.
  const onRecordsError = (error: unknown) => storeError(error, 'records');
  const onHealthError = (error: unknown) => storeError(error, 'health');
  const onConversationsError = (error: unknown) => storeError(error, 'conversations');

  async function plan(input: PlanInput): Promise<Plan> {
    const { collection, request } = input;
    validateCollection(collection);
    validateRequest(request);
    if (typeof input.keyName !== 'string') throw new InvalidRouteInputError('keyName', 'must be a string');
    const shape = shapeOf(input.shape);
    const settings = resolveSettings(input.settings);
    const profile = profileRequest(request);
    const estimate = estimateTokens(request);
    const { eligible, skipped } = excludeMembers(collection.members, profile, estimate);
    if (eligible.length === 0) {
      throw skipped.some((member) => member.reason === 'context-window')
        ? new RequestTooLargeError(collection.name, estimate, skipped)
        : new NoEligibleMemberError(collection.name, skipped);
    }
    const at = now();
    const aliases = eligible.map((member) => member.alias);
    // Stores in memory answer at once: the plan then waits for nothing until it is made.
    const recordsRead = orFallback(() => records.getRecords(aliases), emptyMap, onRecordsError);
    const healthRead = orFallback(() => health.read(aliases, at), emptyMap, onHealthError);
    const [recordMap, healthMap] = isPromise(recordsRead) || isPromise(healthRead) ? await Promise.all([recordsRead, healthRead]) : [recordsRead, healthRead];
    validateRecords(recordMap);
    const holdMs = input.cooldown ? resolveCooldown(input.cooldown, 'cooldown').forMs : cooldown.forMs;
    const { cooling, halfOpen } = classifyHealth(eligible, healthMap, at);
    const ordered = orderMembers({ eligible, records: recordMap, cooling, settings, random, shape });
    let members = ordered.members;
    let keptAlias: string | undefined;

    let claimed: Pick<Plan, 'conversation' | 'identity' | 'turn' | 'isNew'>;
    if (settings.sticky) {
      const identify: IdentifyInput = { collection: collection.name, keyName: input.keyName, request };
      if (input.headers) identify.headers = input.headers;
      const proposed = (members[0] as Member).alias;
      const timing = { ttlMs: settings.stickyTtlMs, now: at };
      const claiming = claimConversation(conversations, identify, identifyOptions, profile, proposed, timing, onConversationsError);
      const sticky = isPromise(claiming) ? await claiming : claiming;
      const kept = eligible.find((member) => member.alias === sticky.keptAlias);
      if (kept !== undefined) {
        members = coolingLast(moveFirst(members, kept), cooling);
        keptAlias = kept.alias;
      }
      claimed = sticky;
    } else {
      claimed = unclaimed();
    }
    const { probes, held } =
      halfOpen.size === 0
        ? NO_PROBES
        : await orFallback(
            () => claimProbes(members, halfOpen, settings.maxMembers, (alias) => health.claimProbe(alias, at, holdMs)),
            () => NO_PROBES,
            onHealthError,
          );
    for (const alias of held) cooling.add(alias);
    if (held.size > 0) members = coolingLast(members, cooling);

    const planned: Plan = {
      collection: collection.name,
      conversation: claimed.conversation,
      identity: claimed.identity,
      turn: claimed.turn,
      isNew: claimed.isNew,
      members: members.slice(0, settings.maxMembers).map((member): PlannedMember => {
        const planned: PlannedMember = {
          alias: member.alias,
          member,
          cooling: cooling.has(member.alias),
          probe: probes.has(member.alias),
          why: whyPlaced(member.alias, keptAlias, ordered, cooling),
        };
        const cut = cutOutput(member, request.maxOutputTokens, estimate);
        if (cut !== undefined) planned.outputCut = cut;
        return planned;
      }),
      skipped,
      estimatedInputTokens: estimate,
      rotated: ordered.rotated && claimed.isNew,
      settings,
      shape,
    };
    // Every eligible member's explanation only when asked: most turns need no more than the planned members' why.
    if (input.explain === true) planned.ranking = ordered.rank();
    return planned;
  }

  async function peek(input: PeekInput): Promise<PeekedConversation | undefined> {
    validateCollection(input.collection);
    validateRequest(input.request);
    if (typeof input.keyName !== 'string') throw new InvalidRouteInputError('keyName', 'must be a string');
    if (!resolveSettings(input.settings).sticky) return undefined;
    const identify = { ...input, collection: input.collection.name };
    return peekConversation(conversations, identify, identifyOptions, now(), onConversationsError);
  }

  return {
    plan,
    peek,
    settle: (settled, outcome) => settleTurn({ conversations, health, records, now: now(), defaultCooldown: cooldown }, settled, outcome),
    keepReasoning: (settled, content) => keepReasoning(reasoning, settled, content, now()),
    restoreReasoning: (planned, request) => restoreReasoning(reasoning, planned, request, now()),
  };
}

function whyPlaced(alias: string, keptAlias: string | undefined, ordered: Ordered, cooling: ReadonlySet<string>): string {
  if (alias === keptAlias) return cooling.has(alias) ? "the conversation's member, cooling down: tried last" : "the conversation's member";
  return ordered.why(alias);
}

/** A turn not kept with any conversation: sticky off, or the conversation store unreadable. */
const unclaimed = (): Pick<Plan, 'conversation' | 'identity' | 'turn' | 'isNew'> => ({ conversation: randomUUID(), identity: 'none', turn: 1, isNew: true });

/** What a plan reads in place of a store it could not read. */
const emptyMap = <K, V>(): Map<K, V> => new Map();

/** No half-open member: no probe claimed, none held (never written to). */
const NO_PROBES: { probes: ReadonlySet<string>; held: ReadonlySet<string> } = { probes: new Set(), held: new Set() };
