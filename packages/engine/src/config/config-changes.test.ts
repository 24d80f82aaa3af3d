import { describe, expect, it } from 'vitest';
import { configChanges } from './config-changes';
import type { ConfigFile } from './config-schema';

const file = (value: Record<string, unknown>) => value as ConfigFile;

describe('configChanges', () => {
  it('names entries added and removed, fields changed within an entry, and other fields by their path', () => {
    const before = file({
      server: { port: 4747, cors: ['http://a'] },
      models: { m1: { provider: 'p', model: 'x' }, m2: { provider: 'p', model: 'y' } },
      collections: { agents: { members: ['m1'], reply: 'route' } },
      aliases: { 'claude-*': 'bench/agents' },
    });
    const after = file({
      server: { port: 4747, cors: ['http://b'] },
      ledger: 'memory:',
      models: { m1: { provider: 'p', model: 'x' }, m3: { provider: 'p', model: 'z' } },
      collections: { agents: { members: ['m1', 'm3'], reply: 'route', continue: false } },
      aliases: { 'claude-*': 'bench/other' },
    });
    expect(configChanges(before, after)).toEqual([
      'server.cors',
      'models.m2 removed',
      'models.m3 added',
      'collections.agents.members',
      'collections.agents.continue',
      'aliases.claude-*',
      'ledger',
    ]);
  });

  it('finds nothing in the same config written in another key order', () => {
    expect(
      configChanges(
        file({ models: { m1: { provider: 'p', model: 'x' } }, ledger: 'memory:' }),
        file({ ledger: 'memory:', models: { m1: { model: 'x', provider: 'p' } } }),
      ),
    ).toEqual([]);
  });
});
