import { describe, expect, it } from 'vitest';
import { canonicalConversation, signedBy } from '../__fixtures__/canonical-conversation';
import { openaiResponsesCodec } from './openai-responses-codec';
import { fixtureJSON } from './read-fixture';
import { plainJSON, stripExtra } from './strip-extra';

/**
 * What OpenAI Responses cannot hold of the canonical conversation: `stop`
 * (the API has no stop sequences). What it adds: `strict: false` on the tool
 * (Responses defaults `strict` to true, which this schema would not pass).
 * Compared without `extra` (the reasoning item's id `rs_1`, and the codec's
 * `$` shape hints) and without `origin`.
 */
const canonical = fixtureJSON('canonical-request.json');

const { stop: _stop, extra: _extra, ...held } = canonicalConversation;
const heldByResponses = signedBy({ ...held, tools: held.tools?.map((tool) => ({ ...tool, strict: false })) }, 'openai-responses');

describe('__fixtures__/canonical-request.json', () => {
  it('parses into the canonical conversation, less what Responses cannot hold', () => {
    const request = openaiResponsesCodec.parseRequest(canonical);
    const { origin, ...rest } = stripExtra(request);
    expect(origin).toBe('openai-responses');
    expect(rest).toStrictEqual(heldByResponses);
  });

  it('keeps the reasoning item id in the reasoning part extra', () => {
    const request = openaiResponsesCodec.parseRequest(canonical);
    expect(request.messages[1]?.content[0]).toMatchObject({ type: 'reasoning', signature: 'sig-abc123', extra: { id: 'rs_1' } });
  });

  it('formats back to the same JSON', () => {
    const formatted = openaiResponsesCodec.formatRequest(openaiResponsesCodec.parseRequest(canonical));
    expect(formatted.warnings).toEqual([]);
    expect(plainJSON(formatted.body)).toStrictEqual(canonical);
  });

  it('formats the neutral conversation (no origin) into a body that reads back the same, warning about stop', () => {
    const formatted = openaiResponsesCodec.formatRequest(canonicalConversation);
    expect(formatted.warnings).toEqual([expect.objectContaining({ code: 'dropped', path: 'stop' })]);
    expect(formatted.body.instructions).toBe('You are a careful weather assistant.');
    const { origin: _origin, ...back } = stripExtra(openaiResponsesCodec.parseRequest(formatted.body));
    expect(back).toStrictEqual(heldByResponses);
  });
});
