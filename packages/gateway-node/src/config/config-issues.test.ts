import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { parseConfig } from './parse-config';

function issuesOf(raw: unknown): string[] {
  try {
    parseConfig(raw);
  } catch (error) {
    if (ConfigError.isInstance(error)) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
    throw error;
  }
  throw new Error('the config was accepted');
}

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
