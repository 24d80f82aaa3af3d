import type { JSONSchema } from '../neutral/request';

/**
 * Gemini's OpenAPI-style schema (upper-case types, `nullable`) → JSON Schema
 * for other protocols: lower-case types, `nullable: true` as a type array.
 */
export function fromGeminiSchema(schema: Record<string, unknown>): JSONSchema {
  const out: JSONSchema = {};
  const nullable = schema.nullable === true;
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case 'type':
        out.type = typeof value === 'string' ? value.toLowerCase() : value;
        break;
      case 'nullable':
        if (!nullable) out.nullable = value;
        break;
      case 'properties':
        out.properties = mapValues(value);
        break;
      case 'items':
        out.items = isRecord(value) ? fromGeminiSchema(value) : value;
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        out[key] = Array.isArray(value) ? value.map((item) => (isRecord(item) ? fromGeminiSchema(item) : item)) : value;
        break;
      default:
        out[key] = value;
    }
  }
  if (nullable) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else out.anyOf = [...(Array.isArray(out.anyOf) ? out.anyOf : []), { type: 'null' }];
  }
  return out;
}

function mapValues(value: unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isRecord(v) ? fromGeminiSchema(v) : v]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
