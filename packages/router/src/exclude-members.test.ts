import { describe, expect, it } from 'vitest';
import { member } from './__fixtures__/requests';
import { excludeMembers, skipReason } from './exclude-members';

const plain = { needsTools: false, hasImages: false, hasDocuments: false };
const withTools = { needsTools: true, hasImages: false, hasDocuments: false };
const withImages = { needsTools: false, hasImages: true, hasDocuments: false };
const withDocuments = { needsTools: false, hasImages: false, hasDocuments: true };

describe('skipReason', () => {
  it('keeps a capable member', () => {
    expect(skipReason(member('m1'), { needsTools: true, hasImages: true, hasDocuments: true }, 1_000)).toBeUndefined();
  });

  it('skips a retired member, saying when and why', () => {
    const skipped = skipReason(member('m1', { retired: { at: '2026-01-01', why: 'replaced by m2' } }), plain, 10);
    expect(skipped).toEqual({ alias: 'm1', reason: 'retired', why: 'retired on 2026-01-01: replaced by m2' });
  });

  it('skips an ad hoc member', () => {
    expect(skipReason(member('m1', { adHoc: true }), plain, 10)?.reason).toBe('ad-hoc');
  });

  it('skips a vision specialist when the request has no images, keeps it when it has', () => {
    const specialist = member('eye', { role: 'vision' });
    expect(skipReason(specialist, plain, 10)?.reason).toBe('vision-specialist');
    expect(skipReason(specialist, withImages, 10)).toBeUndefined();
  });

  it('skips a member without tool calling when the request has tools', () => {
    const skipped = skipReason(member('m1', { tools: false }), withTools, 10);
    expect(skipped).toEqual({ alias: 'm1', reason: 'no-tools', why: 'no tool calling, and the request has tools' });
    expect(skipReason(member('m1', { tools: false }), plain, 10)).toBeUndefined();
  });

  it('skips a member without vision when the request has images', () => {
    expect(skipReason(member('m1', { vision: false }), withImages, 10)?.reason).toBe('no-vision');
    expect(skipReason(member('m1', { vision: false }), plain, 10)).toBeUndefined();
  });

  it('skips a member without vision when the request has a document (a PDF is read as page images); a vision specialist may take it', () => {
    expect(skipReason(member('m1', { vision: false }), withDocuments, 10)).toEqual({
      alias: 'm1',
      reason: 'no-vision',
      why: 'no vision, and the request has documents (PDFs are read as page images)',
    });
    expect(skipReason(member('m3', { vision: undefined }), withDocuments, 10)?.why).toBe(
      'unknown capability: set "vision": true on models.m3 if it supports document (PDF) input',
    );
    expect(skipReason(member('eye', { role: 'vision' }), withDocuments, 10)).toBeUndefined();
    expect(skipReason(member('m1', { vision: true }), withDocuments, 10)).toBeUndefined();
  });

  it('skips a member that cannot be sent documents (an Ollama model, vision or not) when the request has one', () => {
    const ollama = member('llava', { vision: true, documents: false });
    expect(skipReason(ollama, withDocuments, 10)).toEqual({
      alias: 'llava',
      reason: 'no-documents',
      why: 'cannot be sent documents (its protocol carries none), and the request has documents',
    });
    expect(skipReason(ollama, { ...withImages, hasDocuments: false }, 10)).toBeUndefined();
  });

  it('says how to declare an unknown tool capability', () => {
    const skipped = skipReason(member('m3', { tools: undefined }), withTools, 10);
    expect(skipped?.reason).toBe('unknown-capability');
    expect(skipped?.why).toBe('unknown capability: set "tools": true on models.m3 if it supports tool calling');
  });

  it('says how to declare an unknown vision capability', () => {
    const skipped = skipReason(member('m3', { vision: undefined }), withImages, 10);
    expect(skipped?.why).toBe('unknown capability: set "vision": true on models.m3 if it supports image input');
  });

  it('does not ask about a capability the request does not need', () => {
    expect(skipReason(member('m3', { tools: undefined, vision: undefined }), plain, 10)).toBeUndefined();
  });

  it('skips a member whose context window the request fills', () => {
    const small = member('small', { contextWindow: 4_096 });
    expect(skipReason(small, plain, 4_095)).toBeUndefined();
    expect(skipReason(small, plain, 4_096)).toEqual({
      alias: 'small',
      reason: 'context-window',
      why: 'context window 4096 tokens, the request is about 4096',
    });
  });
});

describe('excludeMembers', () => {
  it('splits members, keeping the listed order of both', () => {
    const members = [member('a', { tools: false }), member('b'), member('c', { adHoc: true }), member('d')];
    const { eligible, skipped } = excludeMembers(members, withTools, 100);
    expect(eligible.map((m) => m.alias)).toEqual(['b', 'd']);
    expect(skipped.map((s) => [s.alias, s.reason])).toEqual([
      ['a', 'no-tools'],
      ['c', 'ad-hoc'],
    ]);
  });
});
