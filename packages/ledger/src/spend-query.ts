/** Whose spend: one key's calls, or one collection's (every key's). */
export type SpendQuery = { key: string; from: number } | { collection: string; from: number };
