import { describe, expect, it } from 'vitest';
import { PDF_BASE64 } from '../__fixtures__/pdf-file';
import { requestFrom } from '../__fixtures__/request-from';
import { requestIssues } from '../__fixtures__/request-issues';
import type { FilePart } from '../neutral/content';
import type { NeutralRequest } from '../neutral/request';
import { anthropicCodec } from './anthropic-codec';

const base = { model: 'claude-sonnet-4-5', max_tokens: 100 };
const pdfBlock = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 } };

const issuesOf = (body: unknown) => requestIssues(() => anthropicCodec.parseRequest(body));

describe('parseRequest reads document blocks with a PDF source as file parts', () => {
  it('in a user message and in a tool result, the title as the file name, the rest in extra', () => {
    const body = {
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'a.pdf' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'read' }, pdfBlock] },
            { ...pdfBlock, title: 'spec.pdf', context: 'the spec', citations: { enabled: true }, cache_control: { type: 'ephemeral' } },
            { type: 'document', source: { type: 'url', url: 'https://example.com/paper.pdf' } },
          ],
        },
      ],
    };
    const request = anthropicCodec.parseRequest(body);
    expect(request.messages[1]?.content).toEqual([
      {
        type: 'tool-result',
        callId: 'toolu_1',
        content: [
          { type: 'text', text: 'read' },
          { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 } },
        ],
      },
      {
        type: 'file',
        source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 },
        filename: 'spec.pdf',
        extra: { context: 'the spec', citations: { enabled: true }, cache_control: { type: 'ephemeral' } },
      },
      { type: 'file', source: { kind: 'url', url: 'https://example.com/paper.pdf', mediaType: 'application/pdf' } },
    ]);
    expect(anthropicCodec.formatRequest(request)).toEqual({ path: '/messages', body, warnings: [] });
  });

  it('keeps a null title, and unknown source fields, for the way back', () => {
    const block = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64, x_source: 1 }, title: null };
    const request = anthropicCodec.parseRequest({ ...base, messages: [{ role: 'user', content: [block] }] });
    expect(request.messages[0]?.content[0]).toEqual({
      type: 'file',
      source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 },
      extra: { title: null, source: { x_source: 1 } },
    });
    expect(anthropicCodec.formatRequest(request).body.messages).toEqual([{ role: 'user', content: [block] }]);
  });

  it('keeps documents the file part cannot express (text, content and file sources, base64 of a type not PDF; any in an assistant turn) as sent, in place', () => {
    const text = { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' } };
    const byId = { type: 'document', source: { type: 'file', file_id: 'file_1' } };
    const word = { type: 'document', source: { type: 'base64', media_type: 'application/msword', data: PDF_BASE64 } };
    const body = {
      ...base,
      messages: [
        { role: 'user', content: [text, { type: 'text', text: 'x' }, byId, word] },
        { role: 'assistant', content: [{ type: 'text', text: 'y' }, pdfBlock] },
      ],
    };
    const request = anthropicCodec.parseRequest(body);
    expect(request.messages.map((message) => message.content.map((part) => part.type))).toEqual([['text'], ['text']]);
    expect(request.messages[0]?.extra).toEqual({
      other_blocks: [
        { at: 0, item: text },
        { at: 2, item: byId },
        { at: 3, item: word },
      ],
    });
    expect(request.messages[1]?.extra).toEqual({ other_blocks: [{ at: 1, item: pdfBlock }] });
    expect(anthropicCodec.formatRequest(request).body).toEqual(body);
  });

  it('refuses a malformed document, naming the field', () => {
    const user = (block: unknown) => ({ ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }, block] }] });
    expect(issuesOf(user({ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'not base64!' } })).map((i) => i.path)).toEqual([
      'messages[0].content[1].source.data',
    ]);
    expect(issuesOf(user({ type: 'document', source: { type: 'url' } })).map((i) => i.path)).toEqual(['messages[0].content[1].source.url']);
    expect(issuesOf(user({ type: 'document', source: 'a.pdf' })).map((i) => i.path)).toEqual(['messages[0].content[1].source']);
    expect(issuesOf(user({ ...pdfBlock, title: 7 })).map((i) => i.path)).toEqual(['messages[0].content[1].title']);
    const inToolResult = {
      ...base,
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'document', source: { type: 'url', url: 5 } }] }] }],
    };
    expect(issuesOf(inToolResult).map((i) => i.path)).toEqual(['messages[0].content[0].content[0].source.url']);
  });
});

describe('formatRequest writes file parts from another protocol as document blocks', () => {
  const fromChat = (file: FilePart): NeutralRequest => ({
    ...requestFrom('openai-chat', [{ role: 'user', content: [{ type: 'text', text: 'read this' }, file] }]),
    maxOutputTokens: 50,
  });
  const contentOf = (file: FilePart) => {
    const { body, warnings } = anthropicCodec.formatRequest(fromChat(file));
    return { content: (body.messages as Array<{ content: unknown[] }>)[0]?.content, warnings };
  };

  it('a PDF as a base64 source, its file name as the title; foreign extra fields are warned about', () => {
    const { content, warnings } = contentOf({
      type: 'file',
      source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 },
      filename: 'a.pdf',
      extra: { file: { x: 1 } },
    });
    expect(content?.[1]).toEqual({ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 }, title: 'a.pdf' });
    expect(warnings).toEqual([{ code: 'dropped', path: 'messages[0].content[1].file', message: expect.any(String) }]);
  });

  it('a URL as a URL source, when its media type is unknown or PDF', () => {
    expect(contentOf({ type: 'file', source: { kind: 'url', url: 'https://x.test/a' } }).content?.[1]).toEqual({
      type: 'document',
      source: { type: 'url', url: 'https://x.test/a' },
    });
    expect(contentOf({ type: 'file', source: { kind: 'url', url: 'https://x.test/a.pdf', mediaType: 'application/pdf' } }).content?.[1]).toEqual({
      type: 'document',
      source: { type: 'url', url: 'https://x.test/a.pdf' },
    });
  });

  it('plain text as a text source, its data decoded', () => {
    const data = Buffer.from('héllo\nworld', 'utf8').toString('base64');
    const { content, warnings } = contentOf({ type: 'file', source: { kind: 'base64', mediaType: 'text/plain', data } });
    expect(content?.[1]).toEqual({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'héllo\nworld' } });
    expect(warnings).toEqual([]);
  });

  it('leaves out, with a warning, a file of a type a document block cannot take', () => {
    const docx = contentOf({
      type: 'file',
      source: { kind: 'base64', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: PDF_BASE64 },
    });
    expect(docx.content).toEqual([{ type: 'text', text: 'read this' }]);
    expect(docx.warnings).toEqual([{ code: 'dropped', path: 'messages[0].content[1]', message: expect.stringContaining('application/pdf, text/plain') }]);
    const video = contentOf({ type: 'file', source: { kind: 'url', url: 'gs://b/v.mp4', mediaType: 'video/mp4' } });
    expect(video.content).toEqual([{ type: 'text', text: 'read this' }]);
    expect(video.warnings.map((w) => w.path)).toEqual(['messages[0].content[1]']);
  });

  it('a file in a tool result as a document block inside the tool_result', () => {
    const request: NeutralRequest = {
      ...fromChat({ type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 } }),
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'read', arguments: '{}' }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              callId: 'c1',
              content: [{ type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF_BASE64 }, filename: 'r.pdf' }],
            },
          ],
        },
      ],
    };
    expect(anthropicCodec.formatRequest(request).body.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'read', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'c1',
            content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 }, title: 'r.pdf' }],
          },
        ],
      },
    ]);
  });
});
