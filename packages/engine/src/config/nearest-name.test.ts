import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './nearest-name';

describe('nearestName', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('prot', 'port')).toBe(1);
    expect(editDistance('colections', 'collections')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });

  it('suggests a near name, a name the typed one begins, and nothing for a far one', () => {
    expect(nearestName('colections', ['providers', 'collections', 'keys'])).toBe('collections');
    expect(nearestName('apiKey', ['baseURL', 'api', 'apiKeyEnv'])).toBe('apiKeyEnv');
    expect(nearestName('zzzzzz', ['host', 'port'])).toBeUndefined();
  });
});
