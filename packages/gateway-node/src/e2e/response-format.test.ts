import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_PROTOCOLS, sdksFor, type Sdks } from './sdk-clients';
import { startEveryUpstreamGateway, UPSTREAM_ALIAS, UPSTREAM_MODEL } from './every-upstream';
import type { TestGateway } from './test-gateway';

let t: TestGateway;
let sdks: Sdks;

const SCHEMA = {
  type: 'object',
  properties: { reasoning: { type: 'string' }, model_choice: { type: 'string', enum: ['flash', 'pro'] } },
  required: ['reasoning', 'model_choice'],
};
const ANSWER = '{"reasoning":"simple","model_choice":"flash"}';

beforeAll(async () => {
  t = await startEveryUpstreamGateway();
  sdks = sdksFor(t.url);
});
afterAll(() => t.close());

describe("Gemini CLI's classifier call: a JSON schema for the reply, through every upstream protocol", () => {
  it.each(SDK_PROTOCOLS)('%s upstream: the schema reaches it, and the JSON comes back parseable', async (upstream) => {
    t.upstream.script(UPSTREAM_MODEL[upstream], { answer: { text: ANSWER } });
    const reply = await sdks.gemini.models.generateContent({
      model: UPSTREAM_ALIAS[upstream],
      contents: 'route this request',
      config: { responseMimeType: 'application/json', responseJsonSchema: SCHEMA },
    });
    expect(JSON.parse(reply.text!)).toEqual({ reasoning: 'simple', model_choice: 'flash' });
    const format = t.upstream.requestsFor(UPSTREAM_MODEL[upstream]).at(-1)!.neutral!.responseFormat as Record<string, any> | undefined;
    expect(format).toMatchObject({ type: 'json-schema' });
    expect(JSON.stringify(format)).toContain('model_choice');
  });
});
