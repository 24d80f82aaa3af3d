import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { geminiCodec } from './gemini-codec';

/** Arbitrary valid Gemini generateContent bodies, as clients write them. */
const text = fc.string({ maxLength: 20 });
const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/);
const json = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const compact = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const signature = maybe(fc.base64String({ minLength: 4, maxLength: 16 }));
const textPart = fc.record({ text, thoughtSignature: signature }).map(compact);
const thoughtPart = fc.record({ text, thought: fc.constant(true), thoughtSignature: signature }).map(compact);
const imagePart = fc.oneof(
  fc.record({
    inlineData: fc.record({
      mimeType: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain'),
      data: fc.base64String({ minLength: 4, maxLength: 12 }),
    }),
  }),
  fc.record({ fileData: fc.record({ mimeType: maybe(fc.constantFrom('image/png', 'video/mp4', 'application/pdf')), fileUri: fc.webUrl() }).map(compact) }),
);
const callPart = fc
  .record({
    functionCall: fc.record({ id: maybe(name), name, args: maybe(json) }).map(compact),
    thoughtSignature: signature,
  })
  .map(compact);
const responsePart = fc.record({
  functionResponse: fc
    .record({
      id: maybe(name),
      name,
      response: fc.oneof(
        json,
        text.map((output) => ({ output })),
        text.map((error) => ({ error })),
      ),
    })
    .map(compact),
});
const otherPart = fc.record({ executableCode: fc.record({ language: fc.constant('PYTHON'), code: text }) });

const userTurn = fc
  .record({ role: maybe(fc.constantFrom('user' as const)), parts: fc.array(fc.oneof(textPart, imagePart, responsePart), { minLength: 1, maxLength: 3 }) })
  .map(compact);
const modelTurn = fc.record({
  role: fc.constant('model' as const),
  parts: fc.array(fc.oneof(textPart, thoughtPart, callPart, imagePart, otherPart), { minLength: 1, maxLength: 4 }),
});

const schema = fc.oneof(
  fc.constant({ type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true } }, required: ['a'] }),
  fc.constant({ type: 'object', properties: { b: { type: ['integer', 'null'] } }, additionalProperties: false }),
);
const declaration = fc
  .record({
    name,
    description: maybe(text),
    parameters: maybe(schema),
    behavior: maybe(fc.constant('NON_BLOCKING')),
  })
  .map(compact);
const tools = fc.oneof(
  fc.array(declaration, { minLength: 1, maxLength: 2 }).map((functionDeclarations) => [{ functionDeclarations }]),
  fc.array(declaration, { maxLength: 2 }).map((functionDeclarations) => [{ googleSearch: {} }, { functionDeclarations, codeExecution: {} }]),
  fc
    .array(declaration, { minLength: 1, maxLength: 2 })
    .map((declarations) => [
      { functionDeclarations: declarations.map(({ parameters, ...rest }) => (parameters ? { ...rest, parametersJsonSchema: parameters } : rest)) },
    ]),
);
const toolConfig = fc.record({
  functionCallingConfig: fc
    .record({ mode: fc.constantFrom('AUTO', 'ANY', 'NONE', 'VALIDATED'), allowedFunctionNames: maybe(fc.array(name, { maxLength: 2 })) })
    .map(compact),
});
const generationConfig = fc
  .record({
    maxOutputTokens: maybe(fc.nat()),
    temperature: maybe(fc.double({ min: 0, max: 2, noNaN: true })),
    topP: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
    topK: maybe(fc.nat()),
    seed: maybe(fc.integer()),
    stopSequences: maybe(fc.array(text, { maxLength: 2 })),
    candidateCount: maybe(fc.constant(1)),
    responseMimeType: maybe(fc.constantFrom('application/json', 'text/plain', 'text/x.enum')),
    responseJsonSchema: maybe(schema),
    thinkingConfig: maybe(
      fc
        .record({
          includeThoughts: maybe(fc.boolean()),
          thinkingBudget: maybe(fc.integer({ min: -1, max: 4096 })),
          thinkingLevel: maybe(fc.constantFrom('HIGH', 'low', 'MINIMAL', 'THINKING_LEVEL_UNSPECIFIED')),
        })
        .map(compact),
    ),
  })
  .map(compact);

const body = fc
  .record({
    contents: fc.array(fc.oneof(userTurn, modelTurn), { minLength: 1, maxLength: 4 }),
    systemInstruction: maybe(fc.record({ role: maybe(fc.constant('user')), parts: fc.array(fc.record({ text }), { maxLength: 2 }) }).map(compact)),
    tools: maybe(tools),
    toolConfig: maybe(toolConfig),
    generationConfig: maybe(generationConfig),
    safetySettings: maybe(fc.constant([{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_NONE' }])),
    cachedContent: maybe(fc.constant('cachedContents/x1')),
  })
  .map(compact)
  .filter(namesOnlyDeclaredFunctions);

/** Allowed function names must be declared: a request naming an undeclared one is refused (not a valid request). */
function namesOnlyDeclaredFunctions(wire: Record<string, unknown>): boolean {
  const allowed =
    (wire.toolConfig as { functionCallingConfig?: { allowedFunctionNames?: string[] } } | undefined)?.functionCallingConfig?.allowedFunctionNames ?? [];
  const declared = ((wire.tools as Array<{ functionDeclarations?: Array<{ name: string }> }> | undefined) ?? [])
    .flatMap((tool) => tool.functionDeclarations ?? [])
    .map((d) => d.name);
  return allowed.every((name) => declared.includes(name));
}

describe('parse then format (property)', () => {
  it('gives back deep-equal JSON for any valid Gemini request', () => {
    fc.assert(
      fc.property(body, fc.boolean(), (wire, stream) => {
        const request = geminiCodec.parseRequest(wire, { model: 'gemini-x', stream });
        expect(request.messages.every((m) => m.content.every((p) => p !== undefined))).toBe(true);
        expect(geminiCodec.formatRequest(request).body).toEqual(wire);
      }),
      { numRuns: 400 },
    );
  });
});
