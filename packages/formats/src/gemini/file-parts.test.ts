import { describe, expect, it } from 'vitest';
import { PDF_BASE64, pdfFile } from '../__fixtures__/pdf-file';
import { requestFrom } from '../__fixtures__/request-from';
import { geminiCodec } from './gemini-codec';

const PNG = 'iVBORw0KGgo=';
const parse = (body: unknown) => geminiCodec.parseRequest(body, { model: 'gemini-test' });

describe('parseRequest reads data of a non-image type in a user turn as a file part', () => {
  it('inlineData as a base64 file, fileData as a URL file with its media type; images stay images', () => {
    const body = {
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } },
            { fileData: { mimeType: 'application/pdf', fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc' } },
            { inlineData: { mimeType: 'image/png', data: PNG } },
            { fileData: { fileUri: 'gs://bucket/unknown' } },
          ],
        },
      ],
    };
    const request = parse(body);
    expect(request.messages[0]?.content).toEqual([
      { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 } },
      { type: 'file', source: { kind: 'url', url: 'https://generativelanguage.googleapis.com/v1beta/files/abc', mediaType: 'application/pdf' } },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: PNG } },
      { type: 'image', source: { kind: 'url', url: 'gs://bucket/unknown' }, extra: { $noMimeType: true } },
    ]);
    const formatted = geminiCodec.formatRequest(request);
    expect(formatted.body.contents).toEqual(body.contents);
    expect(formatted.warnings).toEqual([]);
  });

  it('keeps unknown fields of inlineData and fileData for the way back', () => {
    const body = {
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'text/plain', data: 'aGk=', displayName: 'notes.txt' } },
            { fileData: { mimeType: 'application/pdf', fileUri: 'gs://b/a.pdf', displayName: 'a.pdf' }, mediaResolution: { level: 'MEDIA_RESOLUTION_HIGH' } },
          ],
        },
      ],
    };
    const request = parse(body);
    expect(request.messages[0]?.content.map((part) => part.type)).toEqual(['file', 'file']);
    expect(geminiCodec.formatRequest(request).body.contents).toEqual(body.contents);
  });

  it("leaves a model turn's media as image parts (the neutral model has files only as input)", () => {
    const request = parse({
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } }] },
      ],
    });
    expect(request.messages[1]?.content).toEqual([{ type: 'image', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 } }]);
  });
});

describe("formatRequest writes another protocol's file parts", () => {
  it('base64 as inlineData, a URL as fileData with its media type, or one guessed from the URL', () => {
    const { body, warnings } = geminiCodec.formatRequest(
      requestFrom('anthropic', [
        {
          role: 'user',
          content: [
            pdfFile,
            { type: 'file', source: { kind: 'url', url: 'https://x.test/a', mediaType: 'application/pdf' } },
            { type: 'file', source: { kind: 'url', url: 'https://x.test/notes.txt?v=2' } },
          ],
        },
      ]),
    );
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } },
          { fileData: { mimeType: 'application/pdf', fileUri: 'https://x.test/a' } },
          { fileData: { mimeType: 'text/plain', fileUri: 'https://x.test/notes.txt?v=2' } },
        ],
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('assumes a PDF, with a warning, for a URL whose type it cannot tell; warns that a file name has no place', () => {
    const { body, warnings } = geminiCodec.formatRequest(
      requestFrom('anthropic', [{ role: 'user', content: [{ type: 'file', source: { kind: 'url', url: 'https://x.test/download' }, filename: 'spec.pdf' }] }]),
    );
    expect(body.contents).toEqual([{ role: 'user', parts: [{ fileData: { mimeType: 'application/pdf', fileUri: 'https://x.test/download' } }] }]);
    expect(warnings).toEqual([
      { code: 'dropped', path: 'messages[0].content[0].filename', message: expect.stringContaining('no file name') },
      { code: 'converted', path: 'messages[0].content[0]', message: expect.stringContaining('application/pdf assumed') },
    ]);
  });

  it('a file in a tool result as a part of its own after the functionResponse, as it does an image', () => {
    const { body, warnings } = geminiCodec.formatRequest(
      requestFrom('anthropic', [
        { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'read', arguments: '{}' }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool-result',
              callId: 't1',
              content: [{ type: 'text', text: 'ok' }, pdfFile, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: PNG } }],
            },
          ],
        },
      ]),
    );
    expect((body.contents as unknown[])[1]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { id: 't1', name: 'read', response: { output: 'ok' } } },
        { inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } },
        { inlineData: { mimeType: 'image/png', data: PNG } },
      ],
    });
    expect(warnings).toEqual([
      {
        code: 'converted',
        path: 'messages[1].content[0].content[1]',
        message: 'a file in a tool result is sent as a part of its own after the functionResponse',
      },
      {
        code: 'converted',
        path: 'messages[1].content[0].content[2]',
        message: 'an image in a tool result is sent as a part of its own after the functionResponse',
      },
    ]);
  });
});
