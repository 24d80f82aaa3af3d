export { afterFailure, HEALTHY, healthState, type HealthState, type HealthStore, type MemberHealth } from '@bench/contracts';
