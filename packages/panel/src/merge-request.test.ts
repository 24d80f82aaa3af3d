import { describe, expect, it } from 'vitest';
import { buildMergeRequest, MERGE_SYSTEM_PROMPT } from './merge-request';
import { ask } from './test-helpers';

describe('buildMergeRequest', () => {
  it('puts the merge prompt before the caller system, and the drafts after the last user message', () => {
    const request = ask('Why is the sky blue?', { system: [{ type: 'text', text: 'Be brief.' }], temperature: 0.2 });
    const merge = buildMergeRequest(request, ['Rayleigh scattering.', 'Because of the sea.']);
    expect(merge.system.map((p) => p.text)).toEqual([MERGE_SYSTEM_PROMPT, 'Be brief.']);
    expect(merge.temperature).toBe(0.2);
    expect(merge.stream).toBe(true);
    const last = merge.messages.at(-1);
    expect(last?.content.map((p) => (p.type === 'text' ? p.text : p.type))).toEqual([
      'Why is the sky blue?',
      '\n\n---\nDrafts of an answer to the message above:\n\n<draft n="1">\nRayleigh scattering.\n</draft>\n\n<draft n="2">\nBecause of the sea.\n</draft>',
    ]);
    expect(request.messages[0]?.content).toHaveLength(1);
  });
});
