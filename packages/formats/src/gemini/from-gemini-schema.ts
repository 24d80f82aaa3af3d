import type { JSONSchema } from '../neutral/request';

/** Set by fromGeminiSchema when the schema it returns would not serialise as the one it was given. */
export interface SchemaChange {
  changed: boolean;
}

/**
 * Gemini's OpenAPI-style schema (upper-case types, `nullable`) → JSON Schema
 * for other protocols: lower-case types, `nullable: true` as a type array.
 * `change` says whether anything changed (what comparing the two as JSON
 * said, without serialising two schemas per tool on every request).
 */
export function fromGeminiSchema(schema: Record<string, unknown>, change: SchemaChange = { changed: false }): JSONSchema {
  const out: JSONSchema = {};
  const nullable = schema.nullable === true;
  if (nullable) change.changed = true;
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case 'type': {
        const lower = typeof value === 'string' ? value.toLowerCase() : value;
        if (lower !== value) change.changed = true;
        out.type = lower;
        break;
      }
      case 'nullable':
        if (!nullable) out.nullable = value;
        break;
      case 'properties':
        out.properties = mapValues(value, change);
        break;
      case 'items':
        out.items = isRecord(value) ? fromGeminiSchema(value, change) : value;
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        out[key] = Array.isArray(value) ? value.map((item) => (isRecord(item) ? fromGeminiSchema(item, change) : item)) : value;
        break;
      default:
        if (key === '__proto__') change.changed = true; // assigning it sets the prototype: the key is lost
        out[key] = value;
    }
  }
  if (nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else out.anyOf = [...(Array.isArray(out.anyOf) ? out.anyOf : []), { type: 'null' }];
  }
  return out;
}

function mapValues(value: unknown, change: SchemaChange): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isRecord(v) ? fromGeminiSchema(v, change) : v]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
