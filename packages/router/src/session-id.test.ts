import { describe, expect, it } from 'vitest';
import { sessionIdOf } from './session-id';

describe('sessionIdOf', () => {
  it('prefers the Claude Code header, then opencode affinity, then x-session-id', () => {
    expect(sessionIdOf({ 'x-session-id': 's', 'x-session-affinity': 'a', 'x-claude-code-session-id': 'c' }, {})).toBe('c');
    expect(sessionIdOf({ 'x-session-id': 's', 'x-session-affinity': 'a' }, {})).toBe('a');
    expect(sessionIdOf({ 'x-session-id': 's' }, { sessionKey: 'k' })).toBe('s');
  });

  it('falls back to the request sessionKey (Responses prompt_cache_key)', () => {
    expect(sessionIdOf({}, { sessionKey: 'k' })).toBe('k');
    expect(sessionIdOf({}, {})).toBeUndefined();
  });

  it('reads headers case-insensitively, takes the first of repeated values, ignores blanks', () => {
    expect(sessionIdOf({ 'X-Session-Id': 'S' }, {})).toBe('S');
    expect(sessionIdOf({ 'x-session-id': ['one', 'two'] }, {})).toBe('one');
    expect(sessionIdOf({ 'x-session-id': '  ' }, { sessionKey: ' ' })).toBeUndefined();
  });
});
