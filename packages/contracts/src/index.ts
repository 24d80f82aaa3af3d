export { isPromise, type MaybePromise } from './maybe-promise';
export type { Usage } from './usage';
export type { Price, LongContextPrice } from './price';
export { CALL_PURPOSES, type CallInput, type CallPurpose, type CallRecorder } from './call-input';
export { BenchError, statusOfError } from './errors/bench-error';
export { STATUS_BY_KIND, type ErrorKind } from './errors/error-kind';
export type { NeutralError } from './errors/neutral-error';
export { afterFailure, HEALTHY, healthState, type CooldownSettings, type HealthState, type HealthStore, type MemberHealth } from './health/health-store';
export { createMemoryHealthStore } from './health/memory-health-store';
