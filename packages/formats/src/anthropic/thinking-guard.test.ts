import { describe, expect, it } from 'vitest';
import { geminiCodec } from '../gemini/gemini-codec';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { signatureFor } from '../shared/signature-provenance';
import { anthropicCodec } from './anthropic-codec';

// A Gemini CLI style tool step with a thinking budget: to an Anthropic member that is extended thinking ("enabled").
const geminiToolStep = (modelParts: Array<Record<string, unknown>>) => ({
  contents: [
    { role: 'user', parts: [{ text: 'what is in a.txt?' }] },
    { role: 'model', parts: modelParts },
    { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'read', response: { output: 'hello' } } }] },
  ],
  tools: [{ functionDeclarations: [{ name: 'read', parameters: { type: 'object' } }] }],
  generationConfig: { thinkingConfig: { thinkingBudget: 2048 } },
});
const call = { functionCall: { id: 'c1', name: 'read', args: { path: 'a.txt' } } };

/** An Anthropic client's tool step with extended thinking on, after `history`. */
const anthropicToolStep = (history: Array<Record<string, unknown>>, assistant: Array<Record<string, unknown>>) => ({
  model: 'claude',
  max_tokens: 4096,
  thinking: { type: 'enabled', budget_tokens: 2048 },
  messages: [
    ...history,
    { role: 'assistant', content: [...assistant, { type: 'tool_use', id: 't1', name: 'read', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
  ],
});

describe('extended thinking on a tool step Anthropic would refuse', () => {
  it('goes off, with a warning, when the last assistant turn calls tools without a thinking block', () => {
    const request = geminiCodec.parseRequest(geminiToolStep([call]), { model: 'g', stream: false });
    const formatted = anthropicCodec.formatRequest(request);
    expect(formatted.body.thinking).toBeUndefined();
    expect(formatted.warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'reasoning', message: expect.stringContaining('tool step') }));
  });

  it('stays on when that turn brings Anthropic’s own thinking back', () => {
    const signed = signatureFor('gemini', 'ant-sig', 'anthropic');
    const request = geminiCodec.parseRequest(geminiToolStep([{ text: 'Read it.', thought: true, thoughtSignature: signed }, call]), {
      model: 'g',
      stream: false,
    });
    const formatted = anthropicCodec.formatRequest(request);
    expect(formatted.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    const assistant = (formatted.body.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>).find((m) => m.role === 'assistant');
    expect(assistant?.content[0]).toEqual({ type: 'thinking', thinking: 'Read it.', signature: 'ant-sig' });
  });

  it('stays on when the last assistant turn called no tool', () => {
    const body = geminiToolStep([{ text: 'It is a greeting.' }]);
    body.contents.pop();
    body.contents.push({ role: 'user', parts: [{ text: 'thanks' }] });
    const formatted = anthropicCodec.formatRequest(geminiCodec.parseRequest(body, { model: 'g', stream: false }));
    expect(formatted.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('leaves an Anthropic client’s own request as it sent it', () => {
    const body = anthropicToolStep([{ role: 'user', content: 'x' }], []);
    expect(anthropicCodec.formatRequest(anthropicCodec.parseRequest(body)).body).toEqual(body);
  });

  it('leaves out the sampling Anthropic refuses with thinking on (Gemini CLI sends temperature 1, topP 0.95, topK 64)', () => {
    const cli = { ...geminiToolStep([{ text: 'hi' }]), generationConfig: { temperature: 1, topP: 0.95, topK: 64, thinkingConfig: { thinkingBudget: 2048 } } };
    cli.contents.pop();
    const formatted = anthropicCodec.formatRequest(geminiCodec.parseRequest(cli, { model: 'g', stream: false }));
    expect(formatted.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, temperature: 1 });
    expect(formatted.body).not.toHaveProperty('top_k');
    expect(formatted.body).not.toHaveProperty('top_p'); // beside a temperature: sampling-guard.ts
    expect(formatted.warnings).toContainEqual(expect.objectContaining({ code: 'dropped', path: 'topK' }));

    const cooler = { ...cli, generationConfig: { temperature: 0.5, topP: 0.9, thinkingConfig: { thinkingBudget: 2048 } } };
    const cooled = anthropicCodec.formatRequest(geminiCodec.parseRequest(cooler, { model: 'g', stream: false }));
    expect(cooled.body).not.toHaveProperty('temperature');
    expect(cooled.body).not.toHaveProperty('top_p');
    expect(cooled.warnings.map((w) => w.path)).toEqual(expect.arrayContaining(['temperature', 'topP']));

    const noThinking = anthropicCodec.formatRequest(
      geminiCodec.parseRequest({ ...cooler, generationConfig: { temperature: 0.5, topK: 3 } }, { model: 'g', stream: false }),
    );
    expect(noThinking.body).toMatchObject({ temperature: 0.5, top_k: 3 });
  });

  it('goes off when the tool choice forces a call (the Vercel AI SDK does for structured output)', () => {
    const request = openaiChatCodec.parseRequest({
      model: 'm',
      reasoning_effort: 'high',
      tools: [{ type: 'function', function: { name: 'answer', parameters: { type: 'object' } } }],
      tool_choice: 'required',
      messages: [{ role: 'user', content: 'x' }],
    });
    const formatted = anthropicCodec.formatRequest({ ...request, reasoning: { enabled: true, budgetTokens: 1024 } });
    expect(formatted.body.tool_choice).toEqual({ type: 'any' });
    expect(formatted.body).not.toHaveProperty('thinking');
    expect(formatted.warnings).toContainEqual(expect.objectContaining({ path: 'reasoning', message: expect.stringContaining('forces') }));
  });

  it('also for an Anthropic client, when the thinking it sent back was another provider’s and was left out', () => {
    const gemini = signatureFor('anthropic', 'gem-sig', 'gemini');
    const body = anthropicToolStep(
      [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'elsewhere', signature: gemini }] },
        { role: 'user', content: 'y' },
      ],
      [{ type: 'thinking', thinking: 'elsewhere too', signature: gemini }],
    );
    const formatted = anthropicCodec.formatRequest(anthropicCodec.parseRequest(body));
    expect(JSON.stringify(formatted.body)).not.toContain('gem-sig');
    expect(formatted.body).not.toHaveProperty('thinking');
    expect((formatted.body.messages as Array<{ role: string }>).map((m) => m.role)).toEqual(['user', 'user', 'assistant', 'user']);
  });

  it('reasoning that reached an Anthropic client unsigned (from another protocol’s model) is not sent back to Anthropic', () => {
    const body = anthropicToolStep([{ role: 'user', content: 'x' }], [{ type: 'thinking', thinking: 'reasoning_content from another model', signature: '' }]);
    const formatted = anthropicCodec.formatRequest(anthropicCodec.parseRequest(body));
    const assistant = (formatted.body.messages as Array<{ role: string; content: Array<{ type: string }> }>).find((m) => m.role === 'assistant');
    expect(assistant?.content.map((block) => block.type)).toEqual(['tool_use']);
    expect(formatted.body).not.toHaveProperty('thinking');
  });
});
