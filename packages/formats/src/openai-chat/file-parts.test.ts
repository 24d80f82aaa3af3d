import { describe, expect, it } from 'vitest';
import { PDF_BASE64, pdfFile } from '../__fixtures__/pdf-file';
import { requestFrom } from '../__fixtures__/request-from';
import { requestIssues } from '../__fixtures__/request-issues';
import type { FilePart } from '../neutral/content';
import { openaiChatCodec } from './openai-chat-codec';

const pdfPart = { type: 'file', file: { filename: 'report.pdf', file_data: `data:application/pdf;base64,${PDF_BASE64}` } };

const issuesOf = (body: unknown) => requestIssues(() => openaiChatCodec.parseRequest(body));

describe('parseRequest reads file parts given by their data', () => {
  it('as a base64 file part with its filename; unknown fields in extra, for the way back', () => {
    const body = {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'sum up' },
            { ...pdfPart, x_part: 1, file: { ...pdfPart.file, x_file: 2 } },
          ],
        },
      ],
    };
    const request = openaiChatCodec.parseRequest(body);
    expect(request.messages[0]?.content[1]).toEqual({
      type: 'file',
      source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 },
      filename: 'report.pdf',
      extra: { x_part: 1, file: { x_file: 2 } },
    });
    const formatted = openaiChatCodec.formatRequest(request);
    expect(formatted.body).toEqual(body);
    expect(formatted.warnings).toEqual([]);
  });

  it('keeps a file by id, data that is not a data URL, and a file in an assistant message as sent, in place', () => {
    const byId = { type: 'file', file: { file_id: 'file-abc', file_data: `data:application/pdf;base64,${PDF_BASE64}` } };
    const raw = { type: 'file', file: { file_data: PDF_BASE64, filename: 'raw.pdf' } };
    const body = {
      model: 'm',
      messages: [
        { role: 'user', content: [byId, { type: 'text', text: 'x' }, raw] },
        { role: 'assistant', content: [{ type: 'text', text: 'y' }, pdfPart] },
      ],
    };
    const request = openaiChatCodec.parseRequest(body);
    expect(request.messages.map((message) => message.content.map((part) => part.type))).toEqual([['text'], ['text']]);
    const formatted = openaiChatCodec.formatRequest(request);
    expect(formatted.body).toEqual(body);
    expect(formatted.warnings).toEqual([]);
  });

  it('refuses a malformed file part, naming the field', () => {
    const user = (part: unknown) => ({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }, part] }] });
    expect(issuesOf(user({ type: 'file', file: { file_data: 'data:application/pdf,abc' } }))).toEqual([
      { path: 'messages[0].content[1].file.file_data', message: 'expected a base64 data URL: data:<media type>;base64,<data>' },
    ]);
    expect(issuesOf(user({ type: 'file', file: { file_data: 'data:application/pdf;base64,###' } })).map((i) => i.path)).toEqual([
      'messages[0].content[1].file.file_data',
    ]);
    expect(issuesOf(user({ type: 'file' })).map((i) => i.path)).toEqual(['messages[0].content[1].file']);
    expect(issuesOf(user({ type: 'file', file: { filename: 3 } })).map((i) => i.path)).toEqual(['messages[0].content[1].file.filename']);
  });
});

describe("formatRequest writes another protocol's file parts", () => {
  const file = (over: Partial<FilePart> = {}): FilePart => ({ ...pdfFile, ...over });

  it('a PDF as a file part with a data URL, named document.pdf when it has no name', () => {
    const { body, warnings } = openaiChatCodec.formatRequest(
      requestFrom('anthropic', [{ role: 'user', content: [file({ filename: 'spec.pdf' }), file(), { type: 'text', text: 'compare' }] }]),
    );
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'file', file: { filename: 'spec.pdf', file_data: `data:application/pdf;base64,${PDF_BASE64}` } },
          { type: 'file', file: { filename: 'document.pdf', file_data: `data:application/pdf;base64,${PDF_BASE64}` } },
          { type: 'text', text: 'compare' },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('leaves out, with a warning, a file by URL and a file that is not a PDF (Chat takes PDF files only)', () => {
    const { body, warnings } = openaiChatCodec.formatRequest(
      requestFrom('anthropic', [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            file({ source: { kind: 'url', url: 'https://x.test/a.pdf' } }),
            file({ source: { kind: 'base64', mediaType: 'text/plain', data: 'aGk=' } }),
          ],
        },
      ]),
    );
    expect(body.messages).toEqual([{ role: 'user', content: 'a' }]);
    expect(warnings).toEqual([
      { code: 'dropped', path: 'messages[0].content[1]', message: expect.stringContaining('a file by URL') },
      { code: 'dropped', path: 'messages[0].content[2]', message: expect.stringContaining('text/plain') },
    ]);
  });

  it('leaves out a user message with nothing but files it cannot take', () => {
    const { body } = openaiChatCodec.formatRequest(
      requestFrom('anthropic', [
        { role: 'user', content: [{ type: 'text', text: 'a' }] },
        { role: 'user', content: [file({ source: { kind: 'url', url: 'https://x.test/a.pdf' } })] },
      ]),
    );
    expect(body.messages).toEqual([{ role: 'user', content: 'a' }]);
  });

  it('sends a file in a tool result, as it does an image, in a user message after the tool message', () => {
    const { body, warnings } = openaiChatCodec.formatRequest(
      requestFrom('anthropic', [
        { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'read', arguments: '{}' }] },
        { role: 'user', content: [{ type: 'tool-result', callId: 't1', content: [{ type: 'text', text: 'ok' }, file()] }] },
      ]),
    );
    expect(body.messages).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'read', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 't1', content: 'ok' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'From the result of tool call t1:' },
          { type: 'file', file: { filename: 'document.pdf', file_data: pdfPart.file.file_data } },
        ],
      },
    ]);
    expect(warnings).toEqual([
      { code: 'converted', path: 'messages[1].content[0].content[1]', message: 'a file in a tool result is sent in a user message after the tool messages' },
    ]);
  });
});
