import { describe, expect, it } from 'vitest';
import { PDF_BASE64, pdfFile } from '../__fixtures__/pdf-file';
import { requestFrom } from '../__fixtures__/request-from';
import { requestIssues } from '../__fixtures__/request-issues';
import { openaiResponsesCodec } from './openai-responses-codec';

const base = { model: 'gpt-test' };
const byData = { type: 'input_file', filename: 'report.pdf', file_data: `data:application/pdf;base64,${PDF_BASE64}` };
const byUrl = { type: 'input_file', file_url: 'https://files.test/paper.pdf' };

const issuesOf = (body: unknown) => requestIssues(() => openaiResponsesCodec.parseRequest(body));

describe('parseRequest reads input_file parts given by data or URL', () => {
  it('in a user message and in a function_call_output, with unknown fields in extra for the way back', () => {
    const body = {
      ...base,
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'read' }, { ...byData, detail: 'high' }, byUrl] },
        { type: 'function_call', call_id: 'c1', name: 'read', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: [byData] },
      ],
    };
    const request = openaiResponsesCodec.parseRequest(body);
    expect(request.messages[0]?.content.slice(1)).toEqual([
      { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 }, filename: 'report.pdf', extra: { detail: 'high' } },
      { type: 'file', source: { kind: 'url', url: 'https://files.test/paper.pdf' } },
    ]);
    expect(request.messages[2]?.content[0]).toMatchObject({
      type: 'tool-result',
      content: [{ type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 }, filename: 'report.pdf' }],
    });
    const formatted = openaiResponsesCodec.formatRequest(request);
    expect(formatted.body.input).toEqual(body.input);
    expect(formatted.warnings).toEqual([]);
  });

  it('keeps a file by id, data that is not a data URL, and a file in an assistant message as sent', () => {
    const byId = { type: 'input_file', file_id: 'file_1', file_data: `data:application/pdf;base64,${PDF_BASE64}` };
    const raw = { type: 'input_file', file_data: PDF_BASE64, filename: 'raw.pdf' };
    const body = {
      ...base,
      input: [
        { role: 'user', content: [byId, raw] },
        { role: 'assistant', content: [byData] },
      ],
    };
    const request = openaiResponsesCodec.parseRequest(body);
    expect(request.messages.map((message) => message.content.map((part) => part.type))).toEqual([['text', 'text'], ['text']]);
    expect(openaiResponsesCodec.formatRequest(request).body.input).toEqual(body.input);
  });

  it('refuses a malformed input_file, naming the field', () => {
    const user = (part: unknown) => ({ ...base, input: [{ role: 'user', content: [{ type: 'input_text', text: 'x' }, part] }] });
    expect(issuesOf(user({ type: 'input_file', file_data: 'data:application/pdf;base64,%%' }))).toEqual([
      { path: 'input[0].content[1].file_data', message: expect.stringContaining('base64') },
    ]);
    expect(issuesOf(user({ type: 'input_file', file_data: 'data:;base64,AAAA' })).map((i) => i.path)).toEqual(['input[0].content[1].file_data']);
    expect(issuesOf(user({ type: 'input_file', file_url: 42 })).map((i) => i.path)).toEqual(['input[0].content[1].file_url']);
    expect(issuesOf(user({ type: 'input_file', filename: ['a'] })).map((i) => i.path)).toEqual(['input[0].content[1].filename']);
    const output = { ...base, input: [{ type: 'function_call_output', call_id: 'c', output: [{ type: 'input_file', file_data: 'data:x' }] }] };
    expect(issuesOf(output).map((i) => i.path)).toEqual(['input[0].output[0].file_data']);
  });
});

describe("formatRequest writes another protocol's file parts as input_file", () => {
  it('data as a data URL (named document.pdf when it has no name), a URL as file_url', () => {
    const { body, warnings } = openaiResponsesCodec.formatRequest(
      requestFrom('anthropic', [
        {
          role: 'user',
          content: [
            pdfFile,
            { ...pdfFile, filename: 'spec.pdf' },
            { type: 'file', source: { kind: 'url', url: 'https://x.test/a.pdf', mediaType: 'application/pdf' } },
          ],
        },
      ]),
    );
    expect(body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_file', file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'document.pdf' },
          { type: 'input_file', file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'spec.pdf' },
          { type: 'input_file', file_url: 'https://x.test/a.pdf' },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('a file in a tool result inside the function_call_output', () => {
    const { body, warnings } = openaiResponsesCodec.formatRequest(
      requestFrom('anthropic', [
        { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'read', arguments: '{}' }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool-result',
              callId: 't1',
              content: [
                { type: 'text', text: 'here' },
                { ...pdfFile, source: { kind: 'base64', mediaType: 'text/plain', data: 'aGk=' } },
              ],
            },
          ],
        },
      ]),
    );
    expect(body.input).toEqual([
      { type: 'function_call', call_id: 't1', name: 'read', arguments: '{}' },
      {
        type: 'function_call_output',
        call_id: 't1',
        output: [
          { type: 'input_text', text: 'here' },
          { type: 'input_file', file_data: 'data:text/plain;base64,aGk=', filename: 'document.txt' },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });
});
