import type { AssistantContentPart, AssistantMessage } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { heldReasoningKey, heldReasoningOf, lacksReasoning, restoreHeldReasoning } from './held-reasoning';

const thinking = { type: 'reasoning' as const, text: 'Read it first.', signature: 'sig-a', signatureFrom: 'anthropic' as const };
const geminiSig = { type: 'reasoning' as const, text: '', signature: 'gem-1', signatureFrom: 'gemini' as const };
const call = (id: string, args = '{"path":"a.txt"}') => ({ type: 'tool-call' as const, id, name: 'read', arguments: args });
const text = (t: string) => ({ type: 'text' as const, text: t });
const assistant = (...content: AssistantContentPart[]): AssistantMessage => ({ role: 'assistant', content });

describe('heldReasoningOf', () => {
  it('keeps the reasoning of a reply that called tools, and the places of its text and calls', () => {
    expect(heldReasoningOf([thinking, text('Reading.'), call('t1'), call('t2')])).toEqual({
      calls: ['t1', 't2'],
      parts: [thinking, { type: 'slot' }, { type: 'call', id: 't1' }, { type: 'call', id: 't2' }],
    });
  });

  it('keeps nothing from a reply without a call, or without reasoning to keep', () => {
    expect(heldReasoningOf([thinking, text('Done.')])).toBeUndefined();
    expect(heldReasoningOf([text('Reading.'), call('t1')])).toBeUndefined();
    expect(heldReasoningOf([{ type: 'reasoning', text: '' }, call('t1')])).toBeUndefined();
  });

  it('keeps unsigned reasoning text (DeepSeek in thinking mode refuses a tool step without it)', () => {
    const deepseek = { type: 'reasoning' as const, text: 'I should read a.txt.' };
    expect(heldReasoningOf([deepseek, call('t1')])).toEqual({ calls: ['t1'], parts: [deepseek, { type: 'call', id: 't1' }] });
  });

  it('keeps redacted reasoning (its data is its signature)', () => {
    const redacted = { type: 'reasoning' as const, text: '', signature: 'opaque', signatureFrom: 'anthropic' as const, redacted: true };
    expect(heldReasoningOf([redacted, call('t1')])?.parts[0]).toEqual(redacted);
  });
});

describe('heldReasoningKey', () => {
  it('tells apart two steps that a provider numbered alike (Gemini), and not a re-serialised copy of one', () => {
    const a = heldReasoningKey('conv', call('call_1', '{"path":"a.txt"}'));
    expect(heldReasoningKey('conv', call('call_1', '{ "path": "a.txt" }'))).toBe(a);
    expect(heldReasoningKey('conv', call('call_1', '{"path":"b.txt"}'))).not.toBe(a);
    expect(heldReasoningKey('other', call('call_1', '{"path":"a.txt"}'))).not.toBe(a);
    expect(heldReasoningKey('conv', { ...call('call_1'), name: 'write' })).not.toBe(a);
  });
});

describe('restoreHeldReasoning', () => {
  const held = heldReasoningOf([thinking, text('Reading.'), call('t1'), call('t2')])!;

  it('puts the reasoning back in its places, with the caller’s own text and calls', () => {
    const callerCall = { ...call('t1'), arguments: '{"path": "a.txt"}' };
    const restored = restoreHeldReasoning(assistant(text('Reading (as kept).'), callerCall, call('t2')), held);
    expect(restored?.content).toEqual([thinking, text('Reading (as kept).'), callerCall, call('t2')]);
  });

  it('replaces the caller’s unsigned reasoning (OpenAI Chat reasoning_content) with the signed one', () => {
    const restored = restoreHeldReasoning(assistant({ type: 'reasoning', text: 'Read it first.' }, call('t1'), call('t2')), held);
    expect(restored?.content).toEqual([thinking, call('t1'), call('t2')]);
  });

  it('puts unsigned reasoning back into a message that came without it', () => {
    const deepseek = { type: 'reasoning' as const, text: 'I should read a.txt.' };
    const kept = heldReasoningOf([deepseek, call('t1')])!;
    expect(restoreHeldReasoning(assistant(text(''), call('t1')), kept)?.content).toEqual([deepseek, text(''), call('t1')]);
  });

  it('puts the caller’s text past the reply’s slots before the calls', () => {
    const kept = heldReasoningOf([geminiSig, call('c1')])!;
    expect(restoreHeldReasoning(assistant(text('a'), text('b'), call('c1')), kept)?.content).toEqual([geminiSig, text('a'), text('b'), call('c1')]);
  });

  it('leaves a message that calls other tools, or fewer, alone', () => {
    expect(restoreHeldReasoning(assistant(call('t1')), held)).toBeUndefined();
    expect(restoreHeldReasoning(assistant(call('t2'), call('t1')), held)).toBeUndefined();
    expect(restoreHeldReasoning(assistant(call('t1'), call('x')), held)).toBeUndefined();
  });
});

describe('lacksReasoning', () => {
  it('is true for a message that calls tools without a signature of its own', () => {
    expect(lacksReasoning(assistant(text('x'), call('t1')))).toBe(true);
    expect(lacksReasoning(assistant({ type: 'reasoning', text: 'unsigned' }, call('t1')))).toBe(true);
    expect(lacksReasoning(assistant(thinking, call('t1')))).toBe(false);
    expect(lacksReasoning(assistant(text('no calls')))).toBe(false);
  });
});
