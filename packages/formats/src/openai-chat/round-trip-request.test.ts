import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryRequest } from './__fixtures__/arbitrary-request';
import { openaiChatCodec } from './openai-chat-codec';

describe('parse then format a valid Chat Completions request', () => {
  it('gives back deep-equal JSON, without warnings', () => {
    fc.assert(
      fc.property(arbitraryRequest, (generated) => {
        // As it arrives: JSON text parsed (plain objects, no -0).
        const body: unknown = JSON.parse(JSON.stringify(generated));
        const formatted = openaiChatCodec.formatRequest(openaiChatCodec.parseRequest(body));
        expect(formatted.body).toStrictEqual(body);
        expect(formatted.warnings).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
