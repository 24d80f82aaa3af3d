import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf, minimalRequest, postJSON } from './raw-requests';
import { SDK_PROTOCOLS, type SdkProtocol } from './sdk-clients';
import { startTestGateway, type TestGateway } from './test-gateway';

let t: TestGateway;

beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t.close());

const LONG = 'x'.repeat(10_000);
/** Half of a surrogate pair, alone. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** An emoji whose two UTF-16 halves are characters 200 and 201: a cut at 200 would split it. */
const EMOJI_AT_THE_CUT = `${'a'.repeat(199)}😀${'b'.repeat(100)}`;

/** The request asking for `model` in the protocol's own shape (Gemini names it in the path). */
function asking(protocol: SdkProtocol, model: string): { path: string; body: Record<string, unknown> } {
  const { path, body } = minimalRequest(protocol, 'bench/agents', 'hi', false);
  if (protocol === 'gemini') return { path: `/v1beta/models/${encodeURIComponent(model)}:generateContent`, body };
  return { path, body: { ...body, model } };
}

async function refusal(protocol: SdkProtocol, path: string, body: Record<string, unknown>, status: number): Promise<string> {
  const result = await postJSON(t.url + path, body);
  expect(result.status, result.text.slice(0, 500)).toBe(status);
  expect(result.json, 'the error body is JSON').toBeDefined();
  const message = errorMessageOf(protocol, result.json);
  expect(message, `an error in the ${protocol} shape`).toEqual(expect.any(String));
  expect(LONE_SURROGATE.test(message as string), 'no half of a surrogate pair').toBe(false);
  return message as string;
}

describe.each(SDK_PROTOCOLS)('%s: an error quoting the caller’s value', (protocol) => {
  it('quotes at most 200 characters of a 10,000-character model name, and says how long it was', async () => {
    const { path, body } = asking(protocol, LONG);
    const message = await refusal(protocol, path, body, 404);
    expect(message).toContain(`"${'x'.repeat(200)}…" (10000 characters)`);
    expect(message).not.toContain('x'.repeat(201));
  });

  it('cuts a model name before an emoji that straddles the cut', async () => {
    const { path, body } = asking(protocol, EMOJI_AT_THE_CUT);
    const message = await refusal(protocol, path, body, 404);
    expect(message).toContain(`"${'a'.repeat(199)}…" (301 characters)`);
  });

  it('quotes at most 200 characters of an unknown bench.reply value, and of an unknown field’s name', async () => {
    const { path, body } = asking(protocol, protocol === 'gemini' ? 'agents' : 'bench/agents');
    const reply = await refusal(protocol, path, { ...body, bench: { reply: EMOJI_AT_THE_CUT } }, 400);
    expect(reply).toContain(`${'a'.repeat(199)}…`);
    expect(reply).not.toContain('b'.repeat(20));
    const field = await refusal(protocol, path, { ...body, bench: { [LONG]: true } }, 400);
    expect(field).toContain(`"${'x'.repeat(200)}…" (10000 characters)`);
    expect(field).not.toContain('x'.repeat(201));
  });
});
