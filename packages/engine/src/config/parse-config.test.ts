import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../__fixtures__/example-config';
import { issuesOf } from './config-issues-of';
import { parseConfig } from './parse-config';

describe('parseConfig', () => {
  it('accepts DESIGN.md example and fills the defaults', () => {
    const config = parseConfig(exampleConfig());
    expect(config.server.bodyLimitBytes).toBe(20 * 1024 * 1024);
    expect(config.collections.core!.reply).toBe('all');
    expect(config.collections.core!.order).toBe('record');
    expect(config.collections.core!.sticky).toBe(true);
    expect(config.collections.agents!.settings.timeouts).toEqual({ firstTokenMs: 5000, idleMs: 60000, totalMs: 600000, graceMs: 15000 });
    expect(config.collections.agents!.settings.rotate).toBe(0.25);
    expect(config.collections.agents!.settings.retry).toEqual({
      retryAfterMaxMs: 5000,
      serverErrorRetries: 1,
      maxMembers: 3,
      backoffMs: 250,
      continuations: 2,
    });
    expect(config.models.m1!.alias).toBe('m1');
  });

  it('keeps transcripts for a duration, off when absent, and names a bad duration', () => {
    const raw = exampleConfig() as Record<string, any>;
    expect(parseConfig(raw).transcripts).toBeUndefined();
    raw.transcripts = { keep: '30d' };
    expect(parseConfig(raw).transcripts).toEqual({ keep: '30d', keepMs: 30 * 86_400_000 });
    raw.transcripts = { keep: '90m' };
    expect(parseConfig(raw).transcripts?.keepMs).toBe(90 * 60_000);
    for (const keep of ['30 days', '0d', '1.5h', 30]) {
      raw.transcripts = { keep };
      expect(issuesOf(raw)).toEqual([expect.stringMatching(/^transcripts\.keep: /)]);
    }
    raw.transcripts = { keep: 'forever' };
    expect(issuesOf(raw)).toEqual(['transcripts.keep: must be a duration: a whole number and a unit (s, m, h, d or w), such as "30d"']);
    raw.transcripts = { keepFor: '30d' };
    expect(issuesOf(raw).join('\n')).toMatch(/transcripts/);
  });

  it('takes a price with prompt-cache prices, and names a negative one', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.models.m1.price = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 };
    expect(parseConfig(raw).models.m1!.price).toEqual({ input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, cacheWrite1h: 10 });
    raw.models.m1.price.cacheWrite = -1;
    expect(issuesOf(raw)).toEqual([expect.stringMatching(/^models\.m1\.price\.cacheWrite: .*>=\s*0/)]);
  });

  it('takes a long-context tier, and names what is missing or unknown in it', () => {
    const raw = exampleConfig() as Record<string, any>;
    const tier = { above: 200_000, input: 6, output: 22.5, cacheRead: 0.6 };
    raw.models.m1.price = { input: 3, output: 15, longContext: tier };
    expect(parseConfig(raw).models.m1!.price).toEqual({ input: 3, output: 15, longContext: tier });
    raw.models.m1.price.longContext = { input: 6, output: 22.5 };
    expect(issuesOf(raw)).toEqual([expect.stringMatching(/^models\.m1\.price\.longContext\.above: /)]);
    raw.models.m1.price.longContext = { above: 200_000, input: 6, output: 22.5, threshold: 1 };
    expect(issuesOf(raw)).toEqual([expect.stringMatching(/^models\.m1\.price\.longContext\.threshold: unknown key/)]);
  });

  it('names the path and the reason of an unknown member', () => {
    const raw = exampleConfig() as { collections: Record<string, { members: string[] }> };
    raw.collections.core!.members.push('m9');
    expect(issuesOf(raw)).toEqual(['collections.core.members[2]: unknown model "m9" (known: m1, m2)']);
  });

  it('knows only the names written: a member, merger or alias target named like an object property is unknown', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.collections.core.members.push('constructor');
    raw.collections.core.merger = 'toString';
    raw.aliases = { 'claude-*': '__proto__' };
    expect(issuesOf(raw)).toEqual([
      'collections.core.members[2]: unknown model "constructor" (known: m1, m2)',
      'collections.core.merger: unknown model "toString" (known: m1, m2)',
      'aliases.claude-*: target "__proto__" is neither bench/<collection>[:mode] nor a model alias',
    ]);
  });

  it('refuses unknown fields, wrong types and bad alias targets, each with its path', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.models.m1.contextWindow = 'big';
    raw.models.m1.reasoning = 'yes';
    raw.models.m1.promptCacheTtl = '2h';
    raw.collections.core.colour = 'red';
    expect(issuesOf(raw)).toEqual([
      expect.stringMatching(/^models\.m1\.contextWindow: .*number/),
      expect.stringMatching(/^models\.m1\.reasoning: .*boolean/),
      expect.stringMatching(/^models\.m1\.promptCacheTtl: .*"5m"\|"1h"/),
      expect.stringMatching(/^collections\.core\.colour: unknown key/),
    ]);

    const aliases = exampleConfig() as Record<string, any>;
    aliases.aliases = { 'claude-*': 'bench/nope:route', x: 'bench/core:fast', y: 'm7' };
    expect(issuesOf(aliases)).toEqual([
      'aliases.claude-*: target "bench/nope:route": unknown collection "nope"',
      'aliases.x: target "bench/core:fast": unknown reply mode "fast" (use all, merged or route)',
      'aliases.y: target "m7" is neither bench/<collection>[:mode] nor a model alias',
    ]);
  });

  it('checks providers, key grants and mergers', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.models.m2.provider = 'cloud';
    raw.keys.alice.collections = ['core', 'secret'];
    raw.collections.core.merger = 'm5';
    expect(issuesOf(raw)).toEqual([
      'models.m2.provider: unknown provider "cloud" (known: local)',
      'collections.core.merger: unknown model "m5" (known: m1, m2)',
      'keys.alice.collections[1]: unknown collection or model "secret"',
    ]);
  });

  it('takes a provider’s vendor, and names the values it takes', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.providers.local.vendor = 'openrouter';
    expect(parseConfig(raw).providers.local!.vendor).toBe('openrouter');
    raw.providers.local.vendor = 'azure';
    expect(issuesOf(raw)).toEqual([expect.stringMatching(/^providers\.local\.vendor: .*"openrouter"\|"minimax"\|"groq"\|"cerebras"\|"other"/)]);
  });

  it('refuses a secret written into the file instead of an environment variable name', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.keys.alice.keyEnv = 'sk-live-1234';
    raw.providers.local.apiKey = 'sk-live-1234';
    const issues = issuesOf(raw);
    expect(issues).toContainEqual(expect.stringMatching(/^keys\.alice\.keyEnv: keyEnv names an environment variable/));
    expect(issues).toContainEqual(expect.stringMatching(/^providers\.local\.apiKey: unknown key "apiKey" \(did you mean "apiKeyEnv"\?\)/));
  });
});

describe('parseConfig: key pools and retention', () => {
  it('takes a key pool (several variables) and its refused-key cooldown, and a retention as a duration', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.providers.local.apiKeyEnv = ['KEY_A', 'KEY_B'];
    raw.providers.local.refusedKeyCooldownMs = 600_000;
    raw.retention = '90d';
    const config = parseConfig(raw);
    expect(config.providers.local).toMatchObject({ apiKeyEnv: ['KEY_A', 'KEY_B'], refusedKeyCooldownMs: 600_000 });
    expect(config.retentionMs).toBe(90 * 86_400_000);
    for (const [text, ms] of [
      ['45s', 45_000],
      ['30m', 1_800_000],
      ['12h', 43_200_000],
      ['2w', 1_209_600_000],
    ] as const) {
      expect(parseConfig({ ...raw, retention: text }).retentionMs).toBe(ms);
    }
    expect(parseConfig(exampleConfig()).retentionMs).toBeUndefined();
  });

  it.each([
    [[], 'providers.local.apiKeyEnv: a key pool names at least one variable'],
    [['KEY_A', 'KEY_A'], 'providers.local.apiKeyEnv: a key pool names each variable once'],
    [['KEY_A', 'sk-live-1234'], 'providers.local.apiKeyEnv[1]: apiKeyEnv names an environment variable (A-Z, 0-9, _)'],
    [7, 'providers.local.apiKeyEnv: apiKeyEnv names an environment variable ("OPENAI_API_KEY"), or several for a key pool (["OPENAI_KEY_A", "OPENAI_KEY_B"])'],
  ])('names the field and the reason for a bad key pool %j', (apiKeyEnv, issue) => {
    const raw = exampleConfig() as Record<string, any>;
    raw.providers.local.apiKeyEnv = apiKeyEnv;
    expect(issuesOf(raw)).toEqual([issue]);
  });

  it('refuses a refused-key cooldown on a provider without a pool, and one that is not a positive whole number', () => {
    const raw = exampleConfig() as Record<string, any>;
    raw.providers.local.refusedKeyCooldownMs = 60_000;
    expect(issuesOf(raw)).toEqual([
      'providers.local.refusedKeyCooldownMs: applies to a key pool only: name several variables in apiKeyEnv (["KEY_A", "KEY_B"]), or leave it out',
    ]);
    raw.providers.local.apiKeyEnv = ['KEY_A', 'KEY_B'];
    raw.providers.local.refusedKeyCooldownMs = 0;
    expect(issuesOf(raw)).toEqual([expect.stringMatching(/^providers\.local\.refusedKeyCooldownMs: /)]);
  });

  it.each([
    ['90', 'retention: retention is a duration: a whole number and a unit, e.g. "90d" (s, m, h, d or w)'],
    ['90 days', 'retention: retention is a duration: a whole number and a unit, e.g. "90d" (s, m, h, d or w)'],
    ['1.5d', 'retention: retention is a duration: a whole number and a unit, e.g. "90d" (s, m, h, d or w)'],
    [90, 'retention: retention is a duration: a whole number and a unit, e.g. "90d" (s, m, h, d or w)'],
    ['0d', 'retention: retention must be longer than 0 (leave it out to keep every call)'],
  ])('names the field and the reason for a bad retention %j', (retention, issue) => {
    expect(issuesOf({ ...(exampleConfig() as Record<string, unknown>), retention })).toEqual([issue]);
  });
});

describe('unknown config keys', () => {
  it('name their own path and the nearest known key, at the top and nested', () => {
    expect(issuesOf({ colections: {} })).toEqual(['colections: unknown key "colections" (did you mean "collections"?)']);
    expect(issuesOf({ providers: { p: { baseURL: 'http://127.0.0.1:1/v1', api: 'openai-chat', apiKeyEnvv: 'X' } } })).toEqual([
      'providers.p.apiKeyEnvv: unknown key "apiKeyEnvv" (did you mean "apiKeyEnv"?)',
    ]);
    expect(issuesOf({ defaults: { retry: { backofMs: 1 } } })).toEqual(['defaults.retry.backofMs: unknown key "backofMs" (did you mean "backoffMs"?)']);
  });

  it('list the known keys where none is near', () => {
    expect(issuesOf({ server: { zzzzzzzz: 1 } })[0]).toBe(
      'server.zzzzzzzz: unknown key "zzzzzzzz" (known keys here: host, port, cors, bodyLimitBytes, requestTimeoutMs, keepAliveMs, shutdownGraceMs)',
    );
  });
});

describe('parseConfig: shapes', () => {
  const withCollection = (fields: Record<string, unknown>, shapes?: string[]) => {
    const raw = exampleConfig() as Record<string, any>;
    if (shapes) raw.shapes = shapes;
    Object.assign(raw.collections.core, fields);
    return raw;
  };

  it('takes a shape of the set, a shaper that is a model, and the learned order; general always exists', () => {
    const config = parseConfig(withCollection({ shape: 'code', order: 'learned', maxExplorers: 1 }, ['code', 'writing']));
    expect(config.shapes).toEqual(['general', 'code', 'writing']);
    expect(config.collections.core).toMatchObject({ shape: 'code', order: 'learned', maxExplorers: 1 });
    expect(parseConfig(withCollection({ shape: 'general' })).collections.core!.shape).toBe('general');
    expect(parseConfig(withCollection({ shaper: 'm2' })).collections.core!.shaper).toBe('m2');
  });

  it('names the field and the reason for an unknown shape, a shaper that is no model, both at once, and a bad order', () => {
    expect(issuesOf(withCollection({ shape: 'poetry' }, ['code']))).toEqual([
      'collections.core.shape: unknown shape "poetry" (known: general, code); add it to "shapes", or use one of those',
    ]);
    expect(issuesOf(withCollection({ shaper: 'm9' }))).toEqual([
      expect.stringMatching(/^collections\.core\.shaper: unknown model "m9" .*a shaper is a model alias/),
    ]);
    expect(issuesOf(withCollection({ shape: 'code', shaper: 'm2' }, ['code']))).toEqual([
      'collections.core.shaper: a collection fixes its shape or names a shaper, not both: leave one out',
    ]);
    expect(issuesOf(withCollection({ order: 'random' }))).toEqual([expect.stringMatching(/^collections\.core\.order: .*"learned"/)]);
    expect(issuesOf({ ...withCollection({}), shapes: ['Code!'] })).toEqual([expect.stringMatching(/^shapes\[0\]: shape names use letters/)]);
  });
});
