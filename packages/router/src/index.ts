export { createRouter, type PeekInput, type PlanInput, type Router, type RouterOptions } from './create-router';
export type { PeekedConversation } from './peek-conversation';
export type { FailedMember, TurnOutcome } from './settle-turn';
export type { Plan, PlannedMember } from './plan';
export type { Collection, Member } from './member';
export type { OutputCut } from './output-budget';
export type { SkippedMember, SkipReason } from './skipped-member';
export {
  DEFAULT_COOLDOWN,
  DEFAULT_ROUTE_SETTINGS,
  ROUTE_ORDERS,
  type CooldownSettings,
  type RouteOrder,
  type RouteSettings,
} from './route-settings';
export type { RankedMember } from './ranked-member';
export { rankMembers, type RankInput, type Ranking } from './rank-members';
export { recordOnShape, type RecordOnShape } from './record-on-shape';
export {
  identifyConversation,
  type ConversationIdentity,
  type IdentifyInput,
  type IdentifyOptions,
} from './identify-conversation';
export { SESSION_HEADERS, sessionIdOf } from './session-id';
export type { HeaderRecord } from './header-record';
export { InvalidRouteInputError } from './errors/invalid-route-input-error';
export { NoEligibleMemberError } from './errors/no-eligible-member-error';
export { RequestTooLargeError } from './errors/request-too-large-error';
export type {
  ClaimResult,
  ConversationStore,
  ConversationTiming,
  StoredConversation,
} from './stores/conversation-store';
export type { HealthState, HealthStore, MemberHealth } from './stores/health-store';
export type { MemberRecord, RecordSource, ShapeRecord } from './stores/record-source';
export { isPromise, type MaybePromise } from './maybe-promise';
export {
  createMemoryConversationStore,
  type MemoryConversationStoreOptions,
} from './stores/memory-conversation-store';
export { createMemoryHealthStore } from './stores/memory-health-store';
export { createMemoryRecordSource, type MemoryRecordSource } from './stores/memory-record-source';
export {
  createRedisConversationStore,
  type RedisConversationStoreOptions,
} from './stores/redis-conversation-store';
export { createRedisHealthStore, type RedisHealthStoreOptions } from './stores/redis-health-store';
export { redisScript, type ScriptRunner } from './stores/redis-script';
export type { ReasoningStore } from './stores/reasoning-store';
export type { HeldPart, HeldReasoning } from './held-reasoning';
export { createMemoryReasoningStore, type MemoryReasoningStoreOptions } from './stores/memory-reasoning-store';
export { SizedLruCache } from './stores/sized-lru-cache';
export { createRedisReasoningStore, type RedisReasoningStoreOptions } from './stores/redis-reasoning-store';
