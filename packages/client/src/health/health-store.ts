export { createMemoryHealthStore, healthState, type CooldownSettings, type HealthStore, type MemberHealth } from '@bench/contracts';
