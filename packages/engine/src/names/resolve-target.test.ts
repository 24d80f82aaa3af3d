import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../__fixtures__/example-config';
import { parseConfig } from '../config/parse-config';
import { callableNames, mayCall } from './permissions';
import { resolveTarget, type TargetLookup } from './resolve-target';

const config = parseConfig(exampleConfig());

function describeLookup(lookup: TargetLookup): string {
  if (!lookup.found) return `${lookup.reason}: ${lookup.message}`;
  const target = lookup.target;
  return target.kind === 'collection' ? `collection ${target.collection.name} ${target.mode}` : `model ${target.model.alias}`;
}

describe('resolveTarget', () => {
  it.each([
    ['bench/core', 'collection core all'],
    ['bench/core:merged', 'collection core merged'],
    ['bench/agents', 'collection agents route'],
    ['bench/core:route', 'collection core route'],
    ['m1', 'model m1'],
    ['claude-opus-4-8', 'collection agents route'],
    ['gpt-5.4-nano', 'model m1'],
    ['bench/nope', 'unknown-collection: unknown collection "nope"'],
    ['bench/core:fast', 'unknown-mode: unknown reply mode ":fast" in "bench/core:fast" (use :all, :merged or :route)'],
    ['gpt-4o', 'unknown-model: unknown model "gpt-4o"'],
    ['core', 'unknown-model: unknown model "core"'],
  ])('%s → %s', (name, expected) => {
    expect(describeLookup(resolveTarget(config, name))).toBe(expected);
  });

  it("takes bare collection names in Gemini paths, and drops Ollama's :latest tag", () => {
    expect(describeLookup(resolveTarget(config, 'core:merged', { bareCollections: true }))).toBe('collection core merged');
    expect(describeLookup(resolveTarget(config, 'models/core', { bareCollections: true }))).toBe('collection core all');
    expect(describeLookup(resolveTarget(config, 'bench/core:latest', { dropLatestTag: true }))).toBe('collection core all');
    expect(describeLookup(resolveTarget(config, 'm1:latest', { dropLatestTag: true }))).toBe('model m1');
  });
});

describe('permissions', () => {
  const alice = { keyName: 'alice', allowed: ['core'] };
  const everyone = { keyName: 'anonymous' };

  it("a key limited to collections calls only those; a name alias carries its target's permission", () => {
    const lookup = (name: string) => {
      const result = resolveTarget(config, name);
      if (!result.found) throw new Error(result.message);
      return result.target;
    };
    expect(mayCall(alice, lookup('bench/core:route'))).toBe(true);
    expect(mayCall(alice, lookup('bench/agents'))).toBe(false);
    expect(mayCall(alice, lookup('claude-opus-4-8'))).toBe(false);
    expect(mayCall(alice, lookup('m1'))).toBe(false);
    expect(mayCall(everyone, lookup('m1'))).toBe(true);
  });

  it('lists what a key may call', () => {
    expect(callableNames(config, alice)).toEqual({ collections: ['core'], models: [] });
    expect(callableNames(config, everyone)).toEqual({ collections: ['core', 'agents'], models: ['m1', 'm2'] });
  });
});
