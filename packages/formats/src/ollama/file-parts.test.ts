import { describe, expect, it } from 'vitest';
import { pdfFile } from '../__fixtures__/pdf-file';
import { requestFrom } from '../__fixtures__/request-from';
import type { FilePart } from '../neutral/content';
import { formatOllamaGenerateRequest } from './format-ollama-generate-request';
import { ollamaCodec } from './ollama-codec';

const pdf: FilePart = { ...pdfFile, filename: 'a.pdf' };
const dropped = (path: string) => ({ code: 'dropped', path, message: 'Ollama takes no files (documents); the file is not sent' });

describe('Ollama takes no files: each is left out with a warning', () => {
  it('in a user message and in a tool result (/api/chat)', () => {
    const { body, warnings } = ollamaCodec.formatRequest(
      requestFrom('anthropic', [
        { role: 'user', content: [{ type: 'text', text: 'read' }, pdf] },
        { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'read', arguments: '{}' }] },
        { role: 'user', content: [{ type: 'tool-result', callId: 't1', content: [{ type: 'text', text: 'ok' }, pdf] }] },
      ]),
    );
    expect(body.messages).toEqual([
      { role: 'user', content: 'read' },
      { role: 'assistant', content: '', tool_calls: [{ id: 't1', function: { name: 'read', arguments: {} } }] },
      { role: 'tool', content: 'ok', tool_name: 'read', tool_call_id: 't1' },
    ]);
    expect(warnings).toEqual([dropped('messages[0].content[1]'), dropped('messages[2].content[0].content[1]')]);
  });

  it('in a prompt (/api/generate)', () => {
    const { body, warnings } = formatOllamaGenerateRequest(requestFrom('anthropic', [{ role: 'user', content: [pdf, { type: 'text', text: 'sum up' }] }]));
    expect(body).toMatchObject({ prompt: 'sum up' });
    expect(body).not.toHaveProperty('images');
    expect(warnings).toEqual([dropped('messages[0].content[0]')]);
  });
});
