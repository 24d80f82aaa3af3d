import { z } from 'zod';
import { DEFAULT_KEY_REFUSED_MS, VENDORS } from '@bench/client';
import { DURATION, durationMs } from './duration';
import { PROTOCOLS } from '@bench/formats';
import {
  DEFAULT_COOLDOWN,
  DEFAULT_LEDGER,
  DEFAULT_RETRY,
  DEFAULT_ROTATE,
  DEFAULT_SERVER,
  DEFAULT_SERVICE_NAME,
  DEFAULT_STATE,
  DEFAULT_SHADOW_MAX_CONCURRENT,
  DEFAULT_STICKY_TTL_MS,
  DEFAULT_TIMEOUTS,
} from './defaults';
import { limitFields } from './limits-schema';

export const REPLY_MODES = ['all', 'merged', 'route'] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const name = (what: string) => z.string().regex(NAME, `${what} names use letters, digits, ".", "_" and "-", and start with a letter or digit`);

const positiveInt = z.number().int().positive();

/** Describes a field for the JSON Schema and the configuration reference (docs/configuration.md). */
const about = (description: string, extra: { default?: unknown; examples?: unknown[] } = {}) => ({ description, ...extra });

/** Prices per million tokens; `longContext` bills a whole call over `above` input tokens at its own rates. */
const rates = z.strictObject({
  input: z
    .number()
    .nonnegative()
    .meta(about('Dollars per million input tokens.', { examples: [3] })),
  output: z
    .number()
    .nonnegative()
    .meta(about('Dollars per million output tokens.', { examples: [15] })),
  cacheRead: z
    .number()
    .nonnegative()
    .optional()
    .meta(about("Dollars per million input tokens read from the provider's prompt cache; without it they are billed at `input`.", { examples: [0.3] })),
  cacheWrite: z
    .number()
    .nonnegative()
    .optional()
    .meta(about("Dollars per million input tokens written to the provider's prompt cache; without it they are billed at `input`.", { examples: [3.75] })),
  cacheWrite1h: z
    .number()
    .nonnegative()
    .optional()
    .meta(about("Anthropic's hour-long cache writes, per million tokens.", { examples: [6] })),
});
const nonNegativeInt = z.number().int().nonnegative();

export const timeoutsSchema = z.strictObject({
  firstTokenMs: positiveInt.optional().meta(
    about('How long a member may take to its first piece (and its response headers) before the next member is tried.', {
      default: DEFAULT_TIMEOUTS.firstTokenMs,
    }),
  ),
  idleMs: positiveInt
    .optional()
    .meta(about('How long a stream may go silent after its first piece before it is ended with an error.', { default: DEFAULT_TIMEOUTS.idleMs })),
  totalMs: positiveInt.optional().meta(about('The longest one upstream call may take in all.', { default: DEFAULT_TIMEOUTS.totalMs })),
  graceMs: nonNegativeInt.optional().meta(
    about("How long a streamed route reply's 200 waits for the first piece, so that a turn failing everywhere keeps its status.", {
      default: DEFAULT_TIMEOUTS.graceMs,
    }),
  ),
});

export const retrySchema = z.strictObject({
  retryAfterMaxMs: nonNegativeInt.optional().meta(
    about('A 429 whose Retry-After is at most this is waited out and retried once on the same member; a longer one fails over.', {
      default: DEFAULT_RETRY.retryAfterMaxMs,
    }),
  ),
  serverErrorRetries: z
    .number()
    .int()
    .min(0)
    .max(3)
    .optional()
    .meta(
      about('How often a 5xx or a reset before any byte is retried on the same member before failing over (0: fail over at once).', {
        default: DEFAULT_RETRY.serverErrorRetries,
      }),
    ),
  maxMembers: z
    .number()
    .int()
    .min(1)
    .max(10)
    .optional()
    .meta(about('How many members a route turn tries at most.', { default: DEFAULT_RETRY.maxMembers })),
  /** The base of the jittered backoff before a 5xx or reset is retried (the wait is between it and twice it). */
  backoffMs: nonNegativeInt
    .max(60_000)
    .optional()
    .meta(
      about('The base of the jittered backoff before a 5xx or reset is retried (the wait is between it and twice it).', { default: DEFAULT_RETRY.backoffMs }),
    ),
  continuations: z
    .number()
    .int()
    .min(0)
    .max(5)
    .optional()
    .meta(
      about(
        'How many times a route stream that fails after its first piece (cut, silent past `idleMs`, an upstream error event) is finished by the next member, spliced so the caller gets each piece of text once (0: never).',
        { default: DEFAULT_RETRY.continuations },
      ),
    ),
});

export const cooldownSchema = z.strictObject({
  afterFailures: positiveInt
    .optional()
    .meta(about('Failures in a row after which a member cools down (tried last until it answers a probe).', { default: DEFAULT_COOLDOWN.afterFailures })),
  forMs: positiveInt.optional().meta(about('How long a member cools down.', { default: DEFAULT_COOLDOWN.forMs })),
});

const tuning = {
  timeouts: timeoutsSchema.optional().meta(about('Timeouts of upstream calls.')),
  retry: retrySchema.optional().meta(about('Second chances on the same member, and how many members a turn tries.')),
  cooldown: cooldownSchema.optional().meta(about('When a failing member is tried last, and for how long.')),
  rotate: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .meta(
      about('The probability that a new conversation goes first to the member whose record is oldest, so that every member keeps getting turns.', {
        default: DEFAULT_ROTATE,
      }),
    ),
  stickyTtlMs: positiveInt.optional().meta(about('How long an idle conversation keeps its member.', { default: DEFAULT_STICKY_TTL_MS })),
};

const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'apiKeyEnv names an environment variable (A-Z, 0-9, _)');

export const providerSchema = z.strictObject({
  baseURL: z.url({ message: 'baseURL must be an absolute http(s) URL' }).meta(
    about("The API's base URL, up to the version (`https://api.openai.com/v1`, `http://127.0.0.1:11434` for Ollama).", {
      examples: ['https://api.openai.com/v1'],
    }),
  ),
  api: z.enum(PROTOCOLS).meta(about('The wire protocol the provider speaks.', { examples: ['openai-chat'] })),
  apiKeyEnv: z
    .union(
      [
        envName,
        z
          .array(envName)
          .min(1, 'a key pool names at least one variable')
          .refine((names) => new Set(names).size === names.length, 'a key pool names each variable once'),
      ],
      { error: 'apiKeyEnv names an environment variable ("OPENAI_API_KEY"), or several for a key pool (["OPENAI_KEY_A", "OPENAI_KEY_B"])' },
    )
    .optional()
    .meta(
      about(
        'The environment variable holding the API key (the key itself never goes in the file), or several: a key pool. A call takes the next ready key of the pool; a key that answers 401, 402 or 403 is out for `refusedKeyCooldownMs`, one that answers 429 for its Retry-After, and the call goes on with the next key before the next member.',
        { examples: [['OPENAI_KEY_A', 'OPENAI_KEY_B'], 'OPENAI_API_KEY'] },
      ),
    ),
  refusedKeyCooldownMs: positiveInt.optional().meta(
    about('A key pool only: how long a key that answered 401, 402 or 403 (revoked, out of credit, not allowed) stays out before it is tried again.', {
      default: DEFAULT_KEY_REFUSED_MS,
    }),
  ),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .meta(about('Extra headers sent with every call.', { examples: [{ 'x-team': 'research' }] })),
  /** Whose API baseURL reaches, where a proxy hides it (see @bench/client's ModelTarget.vendor). */
  vendor: z
    .enum(VENDORS)
    .optional()
    .meta(
      about("Whose API `baseURL` reaches, where a proxy (Cloudflare AI Gateway, LiteLLM) hides it, so that API's own rules follow it.", {
        examples: ['openrouter'],
      }),
    ),
});

export const modelSchema = z.strictObject({
  provider: z.string().meta(about('The name of a provider in `providers`.', { examples: ['openai'] })),
  model: z
    .string()
    .min(1)
    .meta(about("The model's id at the provider.", { examples: ['gpt-5.4-mini'] })),
  description: z.string().optional().meta(about('Shown in model listings.')),
  contextWindow: positiveInt
    .optional()
    .meta(about('Input plus output tokens the model takes; a route skips it for a request that does not fit.', { examples: [200000] })),
  maxOutput: positiveInt.optional().meta(about('The most output tokens it writes; a larger budget is cut to it.', { examples: [32000] })),
  tools: z.boolean().optional().meta(about('Whether it calls tools (agent clients need it); a route skips a member that does not say.')),
  vision: z.boolean().optional().meta(about('Whether it reads images; a route skips a member that does not say for a request with images.')),
  reasoning: z
    .boolean()
    .optional()
    .meta(
      about(
        "`false`: it never gets the reasoning controls agent clients send; `true`: OpenAI's rules for reasoning models apply to a deployment whose name does not show it.",
      ),
    ),
  promptCacheTtl: z
    .enum(['5m', '1h'])
    .optional()
    .meta(about("How long Anthropic's prompt-cache marks the gateway sets keep (`1h` is dearer to write).", { default: '5m' })),
  price: rates
    .extend({
      longContext: rates
        .extend({ above: positiveInt.meta(about('Input tokens (cache included) over which the whole call is billed at these rates.')) })
        .optional()
        .meta(
          about('Higher rates for a long request (Claude Sonnet and Gemini Pro past 200K input tokens).', {
            examples: [{ above: 200000, input: 6, output: 22.5 }],
          }),
        ),
    })
    .optional()
    .meta(about("Dollars per million tokens; every reply's `bench.cost` and the ledger use it.", { examples: [{ input: 3, output: 15, cacheRead: 0.3 }] })),
  role: z.enum(['vision']).optional().meta(about('`vision`: a vision specialist, picked only for requests with images.')),
  adHoc: z.boolean().optional().meta(about('Never picked automatically by a collection; still callable by its own name.')),
  retired: z
    .strictObject({
      at: z.iso.date().or(z.iso.datetime()).meta(about('When it was retired (an ISO date or date-time).')),
      why: z.string().meta(about('Why, for whoever reads the records later.')),
    })
    .optional()
    .meta(about('A retired model: never picked, kept for its records.', { examples: [{ at: '2026-11-01', why: 'replaced by m2' }] })),
  paid: z.boolean().optional().meta(about('A paid-for connection: ranked ahead of others with the same record.')),
  score: z.number().optional().meta(about('An external score; ranks members with the same useful-verdict count.')),
  rpm: positiveInt
    .optional()
    .meta(
      about(
        'Requests a minute this model is sent at most (pacing: a call over it goes to the next member). A limit on callers is `keys.<name>.rpm` or `collections.<name>.rpm`.',
        { examples: [60] },
      ),
    ),
  options: z
    .record(z.string(), z.unknown())
    .optional()
    .meta(about("Default request fields sent with every call (the caller's own fields win).", { examples: [{ temperature: 0.2 }] })),
  timeouts: timeoutsSchema.optional().meta(about("This model's timeouts, over the collection's and the defaults.")),
  retry: retrySchema.optional().meta(about("This model's retry settings, over the collection's and the defaults.")),
});

/** A route collection's shadows: a share of its turns sent again, after the caller has its answer, to other models to judge. */
export const shadowSchema = z.strictObject({
  rate: z
    .number()
    .min(0, 'rate is the share of turns shadowed: between 0 and 1')
    .max(1, 'rate is the share of turns shadowed: between 0 and 1')
    .meta(about('The share of turns sent again to a shadow member once the caller has its answer (0: none, 1: every turn).', { examples: [0.1] })),
  members: z
    .array(z.string())
    .min(1, 'a shadow needs at least one member')
    .meta(
      about(
        'Model aliases from `models`, not members of the collection, taking turns: each gets the request as the member got it, tools and all; its answer is recorded (purpose `shadow`), never sent to the caller, and its tool calls never run.',
        { examples: [['m3']] },
      ),
    ),
  maxConcurrent: z
    .number()
    .int('maxConcurrent is a whole number of shadow calls')
    .min(1, 'maxConcurrent: at least 1 shadow call at a time (to shadow nothing, set rate to 0)')
    .optional()
    .meta(
      about('Shadow calls of this collection in flight at most; a turn picked while they are all busy is not shadowed (counted as `busy`).', {
        default: DEFAULT_SHADOW_MAX_CONCURRENT,
      }),
    ),
  usdPerDay: z
    .number()
    .nonnegative('usdPerDay is dollars and cannot be negative')
    .optional()
    .meta(
      about(
        "Dollars the collection's shadow calls may cost per UTC day; once reached, turns are not shadowed (counted as `budget`). A shadow model without a price counts 0. Without it, no cap.",
        { examples: [5] },
      ),
    ),
});

export const collectionSchema = z.strictObject({
  members: z
    .array(z.string())
    .min(1, 'a collection needs at least one member')
    .meta(about('Model aliases from `models`; a route with `order: "listed"` tries them in this order.', { examples: [['m1', 'm2']] })),
  description: z.string().optional().meta(about('Shown in model listings.')),
  reply: z
    .enum(REPLY_MODES)
    .optional()
    .meta(
      about(
        '`all`: every member answers; `merged`: a merger writes one answer from theirs; `route`: one member per conversation, failover before the first token.',
        { default: 'all' },
      ),
    ),
  merger: z
    .string()
    .optional()
    .meta(about('The model alias that writes a `merged` reply.', { examples: ['m1'] })),
  maxCalls: positiveInt.optional().meta(about('The most seats a panel seats.', { examples: [3] })),
  order: z
    .enum(['record', 'listed', 'learned'])
    .optional()
    .meta(
      about(
        "`record`: by useful verdicts on the shape (a route with rotation, a panel with explorers); `listed`: a route tries its members in the order written; `learned`: a route ranks, and a panel over `maxCalls` seats, by Thompson draws from each member's useful and not-useful verdicts on the shape (no rotation, no explorers).",
        { default: 'record' },
      ),
    ),
  shape: z
    .string()
    .optional()
    .meta(about('The kind of task every prompt to this collection is (one of `shapes`): its records are read on it.', { examples: ['code'] })),
  shaper: z
    .string()
    .optional()
    .meta(
      about(
        'A model alias that labels each prompt with one of `shapes` (a short, cheap call), kept for the conversation; `general` when it fails or answers something else.',
        { examples: ['m-small'] },
      ),
    ),
  shaperTimeoutMs: positiveInt
    .max(60_000)
    .optional()
    .meta(about('How long the shaper may take before the prompt is `general`.', { default: 3000 })),
  maxExplorers: nonNegativeInt
    .max(16)
    .optional()
    .meta(
      about(
        'How many of a panel\'s seats go to the members with the least record on the shape, so that a new model earns one (within `maxCalls`; `order: "learned"` has none).',
        {
          default: 2,
        },
      ),
    ),
  sticky: z
    .boolean()
    .optional()
    .meta(about('`false`: every request is planned afresh and is its own conversation.', { default: true })),
  shadow: shadowSchema
    .optional()
    .meta(
      about(
        'Route collections only: a share of turns sent again to shadow members once the caller has its answer, recorded to compare (see the engine README).',
        { examples: [{ rate: 0.1, members: ['m3'], maxConcurrent: 2, usdPerDay: 5 }] },
      ),
    ),
  continue: z
    .boolean()
    .optional()
    .meta(
      about('`false`: a route stream that fails after its first piece ends with an error event instead of being finished by the next member.', {
        default: true,
      }),
    ),
  ...limitFields('collection'),
  ...tuning,
});

export const keySchema = z.strictObject({
  keyEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, 'keyEnv names an environment variable (A-Z, 0-9, _)')
    .meta(
      about("The environment variable holding this key's secret (callers send it as a bearer token or their protocol's key header).", {
        examples: ['BENCH_KEY_ALICE'],
      }),
    ),
  collections: z
    .array(z.string())
    .optional()
    .meta(about('The collections and model aliases this key may call; without it, everything.', { examples: [['core']] })),
  admin: z
    .boolean()
    .optional()
    .meta(about('Whether this key opens the admin surfaces (the dashboard, `/metrics`); other keys get 403 there.', { default: false })),
  ...limitFields('key'),
});

export const serverSchema = z.strictObject({
  host: z
    .string()
    .optional()
    .meta(about('The address to listen on; other than loopback needs `keys`.', { default: DEFAULT_SERVER.host })),
  port: z
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .meta(about('The port to listen on (0 picks a free one); `--port` and `PORT` win.', { default: DEFAULT_SERVER.port })),
  cors: z
    .array(z.string())
    .optional()
    .meta(about('Browser origins allowed to call the gateway.', { default: DEFAULT_SERVER.cors, examples: [['http://localhost:3000']] })),
  bodyLimitBytes: positiveInt.optional().meta(about('The largest request body taken.', { default: DEFAULT_SERVER.bodyLimitBytes })),
  requestTimeoutMs: positiveInt.optional().meta(about('The longest a request may take in all.', { default: DEFAULT_SERVER.requestTimeoutMs })),
  keepAliveMs: positiveInt.optional().meta(about('How often a waiting stream gets a keep-alive.', { default: DEFAULT_SERVER.keepAliveMs })),
  shutdownGraceMs: nonNegativeInt.optional().meta(about('How long open streams may finish after SIGTERM.', { default: DEFAULT_SERVER.shutdownGraceMs })),
});

const RETENTION_FORM = 'retention is a duration: a whole number and a unit, e.g. "90d" (s, m, h, d or w)';
export const transcriptsSchema = z.strictObject({
  keep: z
    .string()
    .regex(DURATION, { message: 'must be a duration: a whole number and a unit (s, m, h, d or w), such as "30d"', abort: true })
    .refine((keep) => (durationMs(keep) ?? 0) > 0, 'must be longer than 0 (leave transcripts out to keep none)')
    .meta(about('How long prompts and answers are kept before they are deleted.', { examples: ['30d', '12h'] })),
});

export const telemetrySchema = z.strictObject({
  otlp: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL of an OTLP/HTTP collector, e.g. "http://127.0.0.1:4318"' })
    .optional()
    .meta(
      about(
        'The OpenTelemetry collector that traces go to, over OTLP/HTTP (`/v1/traces` is added to it). `OTEL_EXPORTER_OTLP_ENDPOINT` in the environment does the same and wins. Traces are off when neither is set.',
        { examples: ['http://127.0.0.1:4318'] },
      ),
    ),
  serviceName: z
    .string()
    .min(1, 'must not be empty; leave it out for "bench-gateway"')
    .max(200)
    .optional()
    .meta(about("The `service.name` of the gateway's spans; `OTEL_SERVICE_NAME` in the environment wins.", { default: DEFAULT_SERVICE_NAME })),
});

export const configSchema = z.strictObject({
  $schema: z
    .string()
    .optional()
    .meta(about('The JSON Schema of this file, for editors (`bench-gateway schema` prints it).', { examples: ['../docs/config.schema.json'] })),
  server: serverSchema.optional().meta(about('Where and how the gateway listens.')),
  ledger: z
    .string()
    .optional()
    .meta(
      about('Where calls, turns and verdicts are recorded: `sqlite:PATH`, `postgres://…` (several replicas) or `memory:`.', {
        default: DEFAULT_LEDGER,
        examples: ['postgres://bench@127.0.0.1:5432/bench'],
      }),
    ),
  state: z
    .string()
    .optional()
    .meta(
      about(
        "Where conversations, cooldowns, kept reasoning and the keys' limit counters live: `memory:` (one process) or `redis://…` (shared by replicas, kept across restarts).",
        {
          default: DEFAULT_STATE,
          examples: ['redis://127.0.0.1:6379'],
        },
      ),
    ),
  providers: z.record(name('provider'), providerSchema).optional().meta(about('The upstream APIs, by a name of your choosing.')),
  models: z
    .record(name('model'), modelSchema)
    .optional()
    .meta(about('The upstream models, by an alias of your choosing (callable by it: a route to that one model).')),
  collections: z
    .record(name('collection'), collectionSchema)
    .optional()
    .meta(about('Groups of models, called as `bench/<name>` (or `bench/<name>:all|merged|route`).')),
  keys: z
    .record(name('key'), keySchema)
    .optional()
    .meta(
      about(
        "The keys callers use; with none, any key works and the gateway serves loopback only. A key may hold limits of its own (`rpm`, `tpm`, `budget`), and a collection the same limits for everyone calling it together. They are checked before a turn's first upstream call: a turn over one is refused with a 429 in the caller's protocol, with `Retry-After` and a message naming the limit, its size and when it frees. A request counts when it is admitted (a refused one does not); tokens (input plus output) and spend (what the ledger prices: seats, mergers, shapers, routes, not shadows) are counted as a turn's calls end, so the turn that goes over finishes and the next is refused. `rpm` and `tpm` count the last 60 s (sliding); a budget counts the UTC day, the ISO week from Monday 00:00 UTC, or the calendar month. With `state: \"redis://…\"` the counts are shared by replicas and kept across restarts; with `memory:` they are the process's own, and at start each budget is read back from the ledger's calls of its period. While the state store does not answer, limits are not checked (a warning is logged). `GET /bench/keys/me` shows every key its usage (requests and tokens in the last minute; requests, upstream calls, tokens and dollars this UTC day, week and month) and its limits, what each window holds and when it frees.",
      ),
    ),
  aliases: z
    .record(z.string().min(1), z.string())
    .optional()
    .meta(
      about('Names agent clients send, or glob patterns, mapped to a target (`bench/<collection>[:mode]` or a model alias).', {
        examples: [{ 'claude-*': 'bench/agents', 'gpt-*': 'bench/agents' }],
      }),
    ),
  shapes: z
    .array(name('shape'))
    .max(64)
    .optional()
    .meta(
      about('The kinds of task prompts are labelled with (`general` always exists): records are kept per model and shape.', {
        examples: [['code', 'writing', 'review']],
      }),
    ),
  retention: z
    .string({ error: RETENTION_FORM })
    .regex(DURATION, { message: RETENTION_FORM, abort: true })
    .refine((text) => (durationMs(text) ?? 0) > 0, 'retention must be longer than 0 (leave it out to keep every call)')
    .optional()
    .meta(
      about(
        'How long the ledger keeps calls and route turns: older ones are deleted, in batches, at start and hourly. Stats and records keep their totals. Without it, everything is kept.',
        { examples: ['90d'] },
      ),
    ),
  defaults: z
    .strictObject(tuning)
    .optional()
    .meta(about('Timeouts, retries, cooldowns and rotation for every collection (a collection, then a model, override them).')),
  transcripts: transcriptsSchema
    .optional()
    .meta(
      about(
        "Keep prompts and answers in the ledger's database for the dashboard (images as their type and size only), deleted after `keep`; off when absent.",
        { examples: [{ keep: '30d' }] },
      ),
    ),
  telemetry: telemetrySchema
    .optional()
    .meta(about('OpenTelemetry traces: a span per request, per turn and per upstream call, sent to an OTLP/HTTP collector (off unless set).')),
});

export type ConfigFile = z.infer<typeof configSchema>;
export type ProviderConfig = z.infer<typeof providerSchema>;
export type TelemetryConfig = z.infer<typeof telemetrySchema>;
export type ModelConfig = z.infer<typeof modelSchema>;
export type CollectionConfig = z.infer<typeof collectionSchema>;
export type ShadowConfig = z.infer<typeof shadowSchema>;
export type KeyConfig = z.infer<typeof keySchema>;
export type TimeoutsConfig = z.infer<typeof timeoutsSchema>;
export type RetryConfig = z.infer<typeof retrySchema>;
export type CooldownConfig = z.infer<typeof cooldownSchema>;
