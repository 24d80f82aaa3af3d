export { createMemoryHealthStore } from '@bench/contracts';
