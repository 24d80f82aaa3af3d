import { describe, expect, it } from 'vitest';
import { loadCapture } from './__fixtures__/client-request';
import { chatRequest } from './__fixtures__/requests';
import { identifyConversation } from './identify-conversation';

function identify(name: string, sessionId?: string, keyName = 'alice') {
  const capture = loadCapture(name, sessionId);
  return identifyConversation({ collection: 'agents', keyName, request: capture.request, headers: capture.headers });
}

describe('identifyConversation with real client shapes', () => {
  it('Claude Code: two turns of one session are one conversation, by session id', () => {
    const first = identify('claude-code-6', 'session-A');
    const second = identify('claude-code-7', 'session-A');
    expect(first.identity).toBe('session');
    expect(second.conversation).toBe(first.conversation);
    expect([first.turn, second.turn]).toEqual([1, 2]);
  });

  it('Claude Code: another session is another conversation', () => {
    expect(identify('claude-code-6', 'session-B').conversation).not.toBe(identify('claude-code-6', 'session-A').conversation);
  });

  it('Claude Code: a side task under the same session id with its own system prompt is its own conversation', () => {
    const main = loadCapture('claude-code-6', 'session-A');
    const side = loadCapture('claude-code-6', 'session-A');
    side.request.system = [{ type: 'text', text: 'Summarize this coding conversation in under 50 characters.' }];
    const id = (capture: typeof main) =>
      identifyConversation({ collection: 'agents', keyName: 'alice', request: capture.request, headers: capture.headers }).conversation;
    expect(id(side)).not.toBe(id(main));
  });

  it('opencode (Anthropic): the title side task is a different conversation from the session it titles', () => {
    const title = identify('opencode-12', 'ses-1');
    const turn1 = identify('opencode-13', 'ses-1');
    const turn2 = identify('opencode-14', 'ses-1');
    expect(turn2.conversation).toBe(turn1.conversation);
    expect(title.conversation).not.toBe(turn1.conversation);
    expect(turn2.turn).toBe(2);
  });

  it('opencode (OpenAI Chat): the title task apart, two turns together', () => {
    const title = identify('opencode-9', 'ses-2');
    const turn1 = identify('opencode-10', 'ses-2');
    const turn2 = identify('opencode-11', 'ses-2');
    expect(turn2.conversation).toBe(turn1.conversation);
    expect(title.conversation).not.toBe(turn1.conversation);
  });

  it('opencode (Responses): header session id and prompt_cache_key agree', () => {
    const title = identify('opencode-3', 'ses-3');
    const main = identify('opencode-4', 'ses-3');
    expect(main.identity).toBe('session');
    expect(title.conversation).not.toBe(main.conversation);
  });

  it('Codex: prompt_cache_key (request.sessionKey) keeps its turns together', () => {
    const turn1 = identify('codex-2', 'codex-key');
    const turn2 = identify('codex-3', 'codex-key');
    expect(turn1.identity).toBe('session');
    expect(turn2.conversation).toBe(turn1.conversation);
    expect(turn2.turn).toBe(2);
    expect(identify('codex-2', 'other-key').conversation).not.toBe(turn1.conversation);
  });

  it('Gemini CLI (no session id): fingerprint keeps turns together and the classifier call apart', () => {
    const classifier = identify('gemini-cli-3');
    const turn1 = identify('gemini-cli-4');
    const turn2 = identify('gemini-cli-5');
    expect(turn1.identity).toBe('fingerprint');
    expect(turn2.conversation).toBe(turn1.conversation);
    expect(classifier.conversation).not.toBe(turn1.conversation);
  });

  it('keeps key names and collections apart', () => {
    expect(identify('gemini-cli-4', undefined, 'bob').conversation).not.toBe(identify('gemini-cli-4').conversation);
    const capture = loadCapture('gemini-cli-4');
    const other = identifyConversation({ collection: 'core', keyName: 'alice', request: capture.request, headers: capture.headers });
    expect(other.conversation).not.toBe(identify('gemini-cli-4').conversation);
  });
});

describe('identifyConversation fingerprint', () => {
  const id = (request: ReturnType<typeof chatRequest>, normalizeSystem?: (text: string) => string) =>
    identifyConversation({ collection: 'c', keyName: 'k', request }, normalizeSystem ? { normalizeSystem } : {}).conversation;

  it('differs by first user message and by system text', () => {
    expect(id(chatRequest({ user: 'a' }))).not.toBe(id(chatRequest({ user: 'b' })));
    expect(id(chatRequest({ system: 'x' }))).not.toBe(id(chatRequest({ system: 'y' })));
    expect(id(chatRequest({ user: 'a', turns: 3 }))).toBe(id(chatRequest({ user: 'a' })));
  });

  it('does not confuse field boundaries', () => {
    const a = identifyConversation({ collection: 'ab', keyName: 'c', request: chatRequest() }).conversation;
    const b = identifyConversation({ collection: 'a', keyName: 'bc', request: chatRequest() }).conversation;
    expect(a).not.toBe(b);
  });

  it('applies the normalisation hook to the system text before hashing', () => {
    const monday = chatRequest({ system: 'You are opencode.\nToday is Mon Nov 30 2026' });
    const tuesday = chatRequest({ system: 'You are opencode.\nToday is Tue Dec 01 2026' });
    expect(id(monday)).not.toBe(id(tuesday));
    const dropDate = (text: string) => text.replace(/^Today is .*$/m, '');
    expect(id(monday, dropDate)).toBe(id(tuesday, dropDate));
  });

  it('leaves out system messages added after the first reply (systemBeforeReplies)', () => {
    const turn1 = chatRequest({ system: 'x', user: 'a' });
    const turn2 = chatRequest({ system: 'x', user: 'a', turns: 2 });
    turn2.system.push({ type: 'text', text: 'The user switched to plan mode.' });
    expect(id(turn2)).not.toBe(id(turn1));
    turn2.systemBeforeReplies = 1;
    expect(id(turn2)).toBe(id(turn1));
    // Only the opening counts: another opening is another conversation, whatever was added later.
    const other = chatRequest({ system: 'y', user: 'a', turns: 2 });
    other.system.push({ type: 'text', text: 'The user switched to plan mode.' });
    other.systemBeforeReplies = 1;
    expect(id(other)).not.toBe(id(turn1));
  });

  it('is a 43-character base64url sha-256', () => {
    expect(id(chatRequest())).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
