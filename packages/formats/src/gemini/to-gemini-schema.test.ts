import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Warning } from '../neutral/warning';
import { fromGeminiSchema } from './from-gemini-schema';
import { toGeminiSchema } from './to-gemini-schema';

function convert(schema: Record<string, unknown>) {
  const warnings: Warning[] = [];
  const out = toGeminiSchema(schema, 's', warnings);
  return { out, warnings: warnings.map((w) => `${w.code} ${w.path}`) };
}

describe('toGeminiSchema', () => {
  it('drops what Gemini rejects and converts type arrays, const and oneOf, warning at each path', () => {
    const { out, warnings } = convert({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'x',
      type: 'object',
      properties: {
        a: { type: ['string', 'null'], format: 'uri', examples: ['u'] },
        b: { const: 'fixed' },
        c: { oneOf: [{ type: 'string' }, { type: 'integer', format: 'int64' }] },
        d: { type: ['string', 'number'] },
        e: { type: 'array', items: { type: 'string', format: 'date-time' }, minItems: 1 },
      },
      additionalProperties: false,
      required: ['a'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', nullable: true },
        b: { enum: ['fixed'], type: 'string' },
        c: { anyOf: [{ type: 'string' }, { type: 'integer', format: 'int64' }] },
        d: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        e: { type: 'array', items: { type: 'string', format: 'date-time' }, minItems: 1 },
      },
      required: ['a'],
    });
    expect(warnings).toEqual([
      'converted s.properties.a.type',
      'dropped s.properties.a.examples',
      'dropped s.properties.a.format',
      'converted s.properties.b.const',
      'converted s.properties.c.oneOf',
      'converted s.properties.d.type',
      'dropped s.additionalProperties',
    ]);
  });

  it('writes a null branch of anyOf as nullable, merging a single branch left', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], description: 'optional' },
        b: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      },
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', maxLength: 5, nullable: true, description: 'optional' },
        b: { anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true },
      },
    });
    expect(warnings).toEqual(['converted s.properties.a.anyOf', 'converted s.properties.b.anyOf']);
  });

  it('inlines simple $refs and refuses recursive ones', () => {
    const { out, warnings } = convert({
      type: 'object',
      properties: { p: { $ref: '#/$defs/point' }, n: { $ref: '#/$defs/node' } },
      $defs: {
        point: { type: 'object', properties: { x: { type: 'number' } }, default: {} },
        node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } },
      },
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        p: { type: 'object', properties: { x: { type: 'number' } } },
        n: { type: 'object', properties: { next: {} } },
      },
    });
    expect(warnings).toEqual([
      'converted s.properties.p.$ref',
      'dropped s.properties.p.default',
      'converted s.properties.n.$ref',
      'dropped s.properties.n.properties.next.$ref',
    ]);
  });
});

describe('fromGeminiSchema', () => {
  it('lower-cases types and writes nullable as a type array', () => {
    expect(
      fromGeminiSchema({
        type: 'OBJECT',
        properties: {
          a: { type: 'STRING', nullable: true },
          b: { type: 'ARRAY', items: { type: 'INTEGER' } },
          c: { anyOf: [{ type: 'NUMBER' }], nullable: true },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { type: 'array', items: { type: 'integer' } }, c: { anyOf: [{ type: 'number' }, { type: 'null' }] } },
    });
  });

  it('says it changed the schema exactly when the two would serialise differently', () => {
    const type = fc.constantFrom('object', 'OBJECT', 'string', 'STRING', 'Integer', 'array', 'NUMBER');
    const leaf = fc.record({ type, nullable: fc.boolean(), description: fc.string({ maxLength: 8 }) }, { requiredKeys: [] });
    const { schema } = fc.letrec((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.record(
          {
            type,
            nullable: fc.boolean(),
            properties: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('schema'), { maxKeys: 3 }),
            items: tie('schema'),
            anyOf: fc.array(tie('schema'), { maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
      ),
    }));
    fc.assert(
      fc.property(schema as fc.Arbitrary<Record<string, unknown>>, (input) => {
        const change = { changed: false };
        const out = fromGeminiSchema(input, change);
        expect(change.changed).toBe(JSON.stringify(out) !== JSON.stringify(input));
      }),
      { numRuns: 300 },
    );
    const withProto = JSON.parse('{"type":"object","__proto__":{"x":1}}') as Record<string, unknown>;
    const change = { changed: false };
    fromGeminiSchema(withProto, change);
    expect(change.changed).toBe(true);
  });
});
