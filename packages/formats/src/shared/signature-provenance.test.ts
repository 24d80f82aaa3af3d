import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/anthropic-codec';
import { geminiCodec } from '../gemini/gemini-codec';
import type { StreamEvent } from '../neutral/stream-event';
import { openaiResponsesCodec } from '../openai-responses/openai-responses-codec';
import { callerSignature, signatureFor } from './signature-provenance';

const decodeAll = (codec: typeof anthropicCodec, text: string): StreamEvent[] => {
  const decoder = codec.createStreamDecoder();
  return [...decoder.push(text), ...decoder.end()];
};
const encodeAll = (codec: typeof anthropicCodec, events: StreamEvent[]): string => {
  const encoder = codec.createStreamEncoder({ id: 'r1', model: 'm' });
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
};
const sseData = (text: string): any[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)));

/** What a Gemini 3 member streams for a tool step: a thought, then a function call carrying its signature. */
const geminiToolStep = (signature: string): StreamEvent[] => [
  { type: 'start', id: 'g1', model: 'gemini-3' },
  { type: 'reasoning-delta', text: 'I should read the file.' },
  { type: 'reasoning-delta', text: '', signature },
  { type: 'tool-call-start', id: 'call_1', name: 'read' },
  { type: 'tool-call-delta', id: 'call_1', argumentsDelta: '{"path":"a.txt"}' },
  { type: 'tool-call-end', id: 'call_1' },
  { type: 'finish', reason: 'tool-calls' },
];

describe('reasoning signatures keep their origin through a caller of another protocol', () => {
  it('wraps only another provider’s signature, as base64 any client keeps opaque, and unwraps it with its origin', () => {
    expect(signatureFor('anthropic', 'sig', 'anthropic')).toBe('sig');
    expect(signatureFor('anthropic', 'sig', undefined)).toBe('sig');
    const wrapped = signatureFor('anthropic', 'CiQBcsjafE2/+=', 'gemini');
    expect(wrapped).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(callerSignature('anthropic', wrapped)).toEqual({ signature: 'CiQBcsjafE2/+=', signatureFrom: 'gemini' });
    expect(callerSignature('anthropic', 'EqQBCgIYAh')).toEqual({ signature: 'EqQBCgIYAh', signatureFrom: 'anthropic' });
    // Looks like a wrapper but is not one: taken as the caller's own.
    expect(callerSignature('gemini', 'YmVuY2gxnot-base64!')).toEqual({ signature: 'YmVuY2gxnot-base64!', signatureFrom: 'gemini' });
    expect(callerSignature('gemini', btoa('bench1:martian:x'))).toEqual({ signature: btoa('bench1:martian:x'), signatureFrom: 'gemini' });
    // Any text an upstream calls a signature survives the wrapper.
    const odd = 'sig ✓ 署名';
    expect(callerSignature('anthropic', signatureFor('anthropic', odd, 'gemini'))).toEqual({ signature: odd, signatureFrom: 'gemini' });
  });

  it('a Gemini member’s signature reaches Claude Code wrapped, comes back, and goes to Gemini as Gemini wrote it', () => {
    const fromGemini = decodeAll(geminiCodec, encodeAll(geminiCodec, geminiToolStep('gem-sig-1')));
    const toCaller = sseData(encodeAll(anthropicCodec, fromGemini));
    const signatureDelta = toCaller.find((event) => event.delta?.type === 'signature_delta');
    expect(signatureDelta.delta.signature).not.toBe('gem-sig-1');
    const history = anthropicCodec.parseRequest({
      model: 'm',
      max_tokens: 100,
      tools: [{ name: 'read', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'read a.txt' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'I should read the file.', signature: signatureDelta.delta.signature },
            { type: 'tool_use', id: 'call_1', name: 'read', input: { path: 'a.txt' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'hello' }] },
      ],
    });

    const toGemini = geminiCodec.formatRequest(history);
    const modelParts = (toGemini.body.contents as any[]).find((content) => content.role === 'model').parts;
    expect(modelParts.find((part: any) => part.functionCall)?.thoughtSignature ?? modelParts.find((part: any) => part.thought)?.thoughtSignature).toBe(
      'gem-sig-1',
    );
    expect(JSON.stringify(toGemini.body)).not.toContain('skip_thought_signature_validator');

    const toAnthropic = anthropicCodec.formatRequest(history);
    expect(JSON.stringify(toAnthropic.body)).not.toContain('gem-sig-1');
    expect(JSON.stringify(toAnthropic.body)).not.toContain(signatureDelta.delta.signature);
    expect(toAnthropic.warnings).toContainEqual(expect.objectContaining({ code: 'dropped', message: expect.stringContaining('gemini') }));

    const toResponses = openaiResponsesCodec.formatRequest(history);
    expect(JSON.stringify(toResponses.body)).not.toContain('gem-sig-1');
    expect((toResponses.body.input as any[]).some((item) => item.type === 'reasoning')).toBe(false);
  });

  it('an Anthropic member’s signature reaches a Responses caller wrapped and goes back to Anthropic as Anthropic wrote it', () => {
    const reply = anthropicCodec.parseReply({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude',
      content: [
        { type: 'thinking', thinking: 'Use the tool.', signature: 'ant-sig-1' },
        { type: 'tool_use', id: 'toolu_1', name: 'read', input: {} },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 1, output_tokens: 1 },
    });
    const toCaller = openaiResponsesCodec.formatReply(reply).value as { output: any[] };
    const reasoning = toCaller.output.find((item) => item.type === 'reasoning');
    expect(reasoning.encrypted_content).not.toBe('ant-sig-1');
    const history = openaiResponsesCodec.parseRequest({
      model: 'm',
      input: [
        { role: 'user', content: 'read it' },
        reasoning,
        ...toCaller.output.filter((item) => item.type === 'function_call'),
        { type: 'function_call_output', call_id: 'toolu_1', output: 'ok' },
      ],
    });
    const toAnthropic = anthropicCodec.formatRequest(history);
    const assistant = (toAnthropic.body.messages as any[]).find((message) => message.role === 'assistant');
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'Use the tool.', signature: 'ant-sig-1' });
  });

  it('a same-protocol pass-through is untouched: the signature reaches the caller and goes back as written', () => {
    const events: StreamEvent[] = [
      { type: 'reasoning-delta', text: 'hm', signature: 'ant-sig-2', signatureFrom: 'anthropic' },
      { type: 'finish', reason: 'stop' },
    ];
    expect(encodeAll(anthropicCodec, events)).toContain('"signature":"ant-sig-2"');
    const body = {
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'x' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hm', signature: 'ant-sig-2' },
            { type: 'text', text: 'ok' },
          ],
        },
        { role: 'user', content: 'y' },
      ],
    };
    expect(anthropicCodec.formatRequest(anthropicCodec.parseRequest(body)).body).toEqual(body);
  });
});
