import { describe, expect, it } from 'vitest';
import { pdfFile, PDF_BASE64 } from '../__fixtures__/pdf-file';
import { requestFrom } from '../__fixtures__/request-from';
import { getCodec } from '../codecs';
import { PROTOCOLS } from './protocol';
import { protocolCarriesFiles } from './protocol-files';

describe('protocolCarriesFiles', () => {
  it.each(PROTOCOLS)('%s: says what its codec does with a PDF from another protocol', (protocol) => {
    const origin = protocol === 'anthropic' ? 'openai-chat' : 'anthropic';
    const request = requestFrom(origin, [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'read this' },
          { ...pdfFile, filename: 'a.pdf' },
        ],
      },
    ]);
    const body = JSON.stringify(getCodec(protocol).formatRequest(request).body);
    expect(body.includes(PDF_BASE64)).toBe(protocolCarriesFiles(protocol));
  });
});
