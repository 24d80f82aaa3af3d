import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic/anthropic-codec';
import { geminiCodec } from './gemini/gemini-codec';
import { openaiChatCodec } from './openai-chat/openai-chat-codec';
import { openaiResponsesCodec } from './openai-responses/openai-responses-codec';

/** A document read by an agent client crosses to a member of another protocol, and back. */

const PDF = 'JVBERi0xLjQKJcTl8uXr';
const DATA_URL = `data:application/pdf;base64,${PDF}`;
const pdfSource = { type: 'base64', media_type: 'application/pdf', data: PDF };

/** What Claude Code sends after reading a PDF with its Read tool, and when the user attaches one. */
const anthropicBody = {
  model: 'claude-opus-4-8',
  max_tokens: 1024,
  messages: [
    {
      role: 'user',
      content: [
        { type: 'document', source: pdfSource, title: 'spec.pdf' },
        { type: 'text', text: 'What does the spec require?' },
      ],
    },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/work/report.pdf' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'document', source: pdfSource }] }] },
  ],
};

describe('an Anthropic request with a PDF in a user message and in a tool_result', () => {
  const request = anthropicCodec.parseRequest(anthropicBody);

  it('reaches OpenAI Chat as a file part; from the tool result, in a user message after the tool message', () => {
    const { body, warnings } = openaiChatCodec.formatRequest(request);
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'file', file: { filename: 'spec.pdf', file_data: DATA_URL } },
          { type: 'text', text: 'What does the spec require?' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'Read', arguments: '{"file_path":"/work/report.pdf"}' } }],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: '' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'From the result of tool call toolu_1:' },
          { type: 'file', file: { filename: 'document.pdf', file_data: DATA_URL } },
        ],
      },
    ]);
    expect(warnings).toEqual([
      { code: 'converted', path: 'messages[2].content[0].content[0]', message: 'a file in a tool result is sent in a user message after the tool messages' },
    ]);
  });

  it('reaches OpenAI Responses as input_file parts, in the message and in the function_call_output', () => {
    const { body, warnings } = openaiResponsesCodec.formatRequest(request);
    expect(body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_file', file_data: DATA_URL, filename: 'spec.pdf' },
          { type: 'input_text', text: 'What does the spec require?' },
        ],
      },
      { type: 'function_call', call_id: 'toolu_1', name: 'Read', arguments: '{"file_path":"/work/report.pdf"}' },
      { type: 'function_call_output', call_id: 'toolu_1', output: [{ type: 'input_file', file_data: DATA_URL, filename: 'document.pdf' }] },
    ]);
    expect(warnings).toEqual([]);
  });

  it("reaches Gemini as inlineData parts, the tool result's after its functionResponse", () => {
    const { body, warnings } = geminiCodec.formatRequest({ ...request, model: 'gemini-test' });
    const contents = body.contents as Array<{ role: string; parts: unknown[] }>;
    expect(contents[0]).toEqual({ role: 'user', parts: [{ inlineData: { mimeType: 'application/pdf', data: PDF } }, { text: 'What does the spec require?' }] });
    expect(contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { id: 'toolu_1', name: 'Read', response: { output: '' } } }, { inlineData: { mimeType: 'application/pdf', data: PDF } }],
    });
    expect(warnings).toEqual([
      { code: 'dropped', path: 'messages[0].content[0].filename', message: expect.any(String) },
      {
        code: 'converted',
        path: 'messages[2].content[0].content[0]',
        message: 'a file in a tool result is sent as a part of its own after the functionResponse',
      },
    ]);
  });
});

describe('a document from a client of another protocol reaches Anthropic as a document block', () => {
  const document = (title?: string) => ({ type: 'document', source: pdfSource, ...(title ? { title } : {}) });

  it('from OpenAI Chat', () => {
    const request = openaiChatCodec.parseRequest({
      model: 'gpt-5.4-nano',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'sum up' },
            { type: 'file', file: { filename: 'a.pdf', file_data: DATA_URL } },
          ],
        },
      ],
    });
    const { body, warnings } = anthropicCodec.formatRequest(request);
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'sum up' }, document('a.pdf')] }]);
    expect(warnings.filter((w) => w.path?.startsWith('messages'))).toEqual([]);
  });

  it('from OpenAI Responses, in a user message and in a function_call_output', () => {
    const request = openaiResponsesCodec.parseRequest({
      model: 'gpt-5.4-nano',
      input: [
        { role: 'user', content: [{ type: 'input_file', filename: 'a.pdf', file_data: DATA_URL }] },
        { type: 'function_call', call_id: 'c1', name: 'read', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_file', file_url: 'https://x.test/b.pdf' }] },
      ],
    });
    const { body, warnings } = anthropicCodec.formatRequest(request);
    expect(body.messages).toEqual([
      { role: 'user', content: [document('a.pdf')] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'read', input: {} }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'document', source: { type: 'url', url: 'https://x.test/b.pdf' } }] }],
      },
    ]);
    expect(warnings.filter((w) => w.path?.startsWith('messages'))).toEqual([]);
  });

  it('from Gemini, and on from there to OpenAI Chat and Responses', () => {
    const request = geminiCodec.parseRequest(
      { contents: [{ role: 'user', parts: [{ text: 'sum up' }, { inlineData: { mimeType: 'application/pdf', data: PDF } }] }] },
      { model: 'gemini-3.8-flash' },
    );
    expect(anthropicCodec.formatRequest(request).body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'sum up' }, document()] }]);
    expect(openaiChatCodec.formatRequest(request).body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'sum up' },
          { type: 'file', file: { filename: 'document.pdf', file_data: DATA_URL } },
        ],
      },
    ]);
    expect(openaiResponsesCodec.formatRequest(request).body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'sum up' },
          { type: 'input_file', file_data: DATA_URL, filename: 'document.pdf' },
        ],
      },
    ]);
  });
});
