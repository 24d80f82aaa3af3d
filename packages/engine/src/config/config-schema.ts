import { z } from 'zod';
import { VENDORS } from '@bench/client';
import { PROTOCOLS } from '@bench/formats';

export const REPLY_MODES = ['all', 'merged', 'route'] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const name = (what: string) =>
  z.string().regex(NAME, `${what} names use letters, digits, ".", "_" and "-", and start with a letter or digit`);

const positiveInt = z.number().int().positive();

/** Prices per million tokens; `longContext` bills a whole call over `above` input tokens at its own rates. */
const rates = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cacheRead: z.number().nonnegative().optional(),
  cacheWrite: z.number().nonnegative().optional(),
  cacheWrite1h: z.number().nonnegative().optional(),
});
const nonNegativeInt = z.number().int().nonnegative();

export const timeoutsSchema = z.strictObject({
  firstTokenMs: positiveInt.optional(),
  idleMs: positiveInt.optional(),
  totalMs: positiveInt.optional(),
  graceMs: nonNegativeInt.optional(),
});

export const retrySchema = z.strictObject({
  retryAfterMaxMs: nonNegativeInt.optional(),
  serverErrorRetries: z.number().int().min(0).max(3).optional(),
  maxMembers: z.number().int().min(1).max(10).optional(),
  /** The base of the jittered backoff before a 5xx or reset is retried (the wait is between it and twice it). */
  backoffMs: nonNegativeInt.max(60_000).optional(),
  /** How many times a route stream that fails after its first piece is finished by the next member (0: never). */
  continuations: z.number().int().min(0).max(5).optional(),
});

export const cooldownSchema = z.strictObject({
  afterFailures: positiveInt.optional(),
  forMs: positiveInt.optional(),
});

const tuning = {
  timeouts: timeoutsSchema.optional(),
  retry: retrySchema.optional(),
  cooldown: cooldownSchema.optional(),
  rotate: z.number().min(0).max(1).optional(),
  stickyTtlMs: positiveInt.optional(),
};

export const providerSchema = z.strictObject({
  baseURL: z.url({ message: 'baseURL must be an absolute http(s) URL' }),
  api: z.enum(PROTOCOLS),
  apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'apiKeyEnv names an environment variable (A-Z, 0-9, _)').optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** Whose API baseURL reaches, where a proxy hides it (see @bench/client's ModelTarget.vendor). */
  vendor: z.enum(VENDORS).optional(),
});

export const modelSchema = z.strictObject({
  provider: z.string(),
  model: z.string().min(1),
  description: z.string().optional(),
  contextWindow: positiveInt.optional(),
  maxOutput: positiveInt.optional(),
  tools: z.boolean().optional(),
  vision: z.boolean().optional(),
  reasoning: z.boolean().optional(),
  promptCacheTtl: z.enum(['5m', '1h']).optional(),
  price: rates.extend({ longContext: rates.extend({ above: positiveInt }).optional() }).optional(),
  role: z.enum(['vision']).optional(),
  adHoc: z.boolean().optional(),
  retired: z.strictObject({ at: z.iso.date().or(z.iso.datetime()), why: z.string() }).optional(),
  paid: z.boolean().optional(),
  score: z.number().optional(),
  rpm: positiveInt.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  timeouts: timeoutsSchema.optional(),
  retry: retrySchema.optional(),
});

export const collectionSchema = z.strictObject({
  members: z.array(z.string()).min(1, 'a collection needs at least one member'),
  description: z.string().optional(),
  reply: z.enum(REPLY_MODES).optional(),
  merger: z.string().optional(),
  maxCalls: positiveInt.optional(),
  order: z.enum(['record', 'listed', 'learned']).optional(),
  /** The kind of task every prompt to this collection is (one of `shapes`): its records are read on it. */
  shape: z.string().optional(),
  /** A model alias that labels each prompt with one of `shapes` (a short, cheap call), kept for the conversation. */
  shaper: z.string().optional(),
  /** How long the shaper may take before the prompt is `general` (default 3000). */
  shaperTimeoutMs: positiveInt.max(60_000).optional(),
  /** How many of a panel's seats go to the members with the least record on the shape (default 2, within maxCalls). */
  maxExplorers: nonNegativeInt.max(16).optional(),
  sticky: z.boolean().optional(),
  /** `false`: a route stream that fails after its first piece ends with an error event instead of being finished by the next member. */
  continue: z.boolean().optional(),
  ...tuning,
});

export const keySchema = z.strictObject({
  keyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'keyEnv names an environment variable (A-Z, 0-9, _)'),
  collections: z.array(z.string()).optional(),
});

export const serverSchema = z.strictObject({
  host: z.string().optional(),
  port: z.number().int().min(0).max(65535).optional(),
  cors: z.array(z.string()).optional(),
  bodyLimitBytes: positiveInt.optional(),
  requestTimeoutMs: positiveInt.optional(),
  keepAliveMs: positiveInt.optional(),
  shutdownGraceMs: nonNegativeInt.optional(),
});

export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  server: serverSchema.optional(),
  ledger: z.string().optional(),
  state: z.string().optional(),
  providers: z.record(name('provider'), providerSchema).optional(),
  models: z.record(name('model'), modelSchema).optional(),
  collections: z.record(name('collection'), collectionSchema).optional(),
  keys: z.record(name('key'), keySchema).optional(),
  aliases: z.record(z.string().min(1), z.string()).optional(),
  /** The kinds of task prompts are labelled with (`general` always exists): records are kept per model and shape. */
  shapes: z.array(name('shape')).max(64).optional(),
  defaults: z.strictObject(tuning).optional(),
});

export type ConfigFile = z.infer<typeof configSchema>;
export type ProviderConfig = z.infer<typeof providerSchema>;
export type ModelConfig = z.infer<typeof modelSchema>;
export type CollectionConfig = z.infer<typeof collectionSchema>;
export type KeyConfig = z.infer<typeof keySchema>;
export type TimeoutsConfig = z.infer<typeof timeoutsSchema>;
export type RetryConfig = z.infer<typeof retrySchema>;
export type CooldownConfig = z.infer<typeof cooldownSchema>;
