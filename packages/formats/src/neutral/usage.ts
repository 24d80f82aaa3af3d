export type { Usage } from '@bench/contracts';
