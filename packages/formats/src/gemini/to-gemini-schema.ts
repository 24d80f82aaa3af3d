import type { JSONSchema } from '../neutral/request';
import type { Warning } from '../neutral/warning';

/** Keywords of the OpenAPI 3.0 subset Gemini's `parameters` / `responseSchema` accept. */
const KEPT = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'properties',
  'required',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'anyOf',
  'propertyOrdering',
]);
/** Keywords about the schema document rather than the value (left out without a warning: nothing the model is asked for changes). */
const ANNOTATIONS = new Set(['$defs', 'definitions', '$schema', '$id', '$comment']);
const FORMATS: Record<string, ReadonlySet<string>> = {
  string: new Set(['enum', 'date-time']),
  number: new Set(['float', 'double']),
  integer: new Set(['int32', 'int64']),
};

interface Context {
  defs: Record<string, unknown>;
  warnings: Warning[];
  /** $ref names being inlined, to refuse recursion. */
  inlining: Set<string>;
}

/**
 * JSON Schema → the OpenAPI subset Gemini accepts in `parameters`. Every keyword
 * dropped or rewritten is a Warning naming its path.
 */
export function toGeminiSchema(schema: JSONSchema, path: string, warnings: Warning[]): JSONSchema {
  const defs = { ...asRecord(schema.definitions), ...asRecord(schema.$defs) };
  return convert(schema, path, { defs, warnings, inlining: new Set() });
}

function convert(schema: Record<string, unknown>, path: string, ctx: Context): JSONSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string') return inlineRef(ref, schema, path, ctx);
  const out: JSONSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}.${key}`;
    switch (key) {
      case 'type':
        writeType(value, out, at, ctx);
        break;
      case 'const':
        out.enum = [value];
        convertedWarning(ctx, at, '`const` written as a one-value `enum`');
        break;
      case 'oneOf':
      case 'anyOf':
        if (Array.isArray(value)) writeAnyOf(value, key, out, at, ctx);
        break;
      case 'properties':
        out.properties = Object.fromEntries(Object.entries(asRecord(value)).map(([name, sub]) => [name, convert(asRecord(sub), `${at}.${name}`, ctx)]));
        break;
      case 'items':
        if (Array.isArray(value)) dropped(ctx, at, 'tuple `items` is not supported by Gemini');
        else out.items = convert(asRecord(value), at, ctx);
        break;
      case 'enum':
        writeEnum(value, out, at, ctx);
        break;
      case 'format':
        break;
      default:
        if (KEPT.has(key)) out[key] = value;
        else if (!ANNOTATIONS.has(key)) dropped(ctx, at, `\`${key}\` is not supported by Gemini`);
    }
  }
  if (typeof schema.format === 'string') writeFormat(schema.format, out, `${path}.format`, ctx);
  if (Array.isArray(out.enum) && out.type === undefined && out.anyOf === undefined) {
    const type = enumType(out.enum);
    if (type) out.type = type;
  }
  return out;
}

/** anyOf (oneOf written as anyOf); a `{type: "null"}` branch becomes `nullable`, and a single branch left is merged in. */
function writeAnyOf(value: unknown[], key: string, out: JSONSchema, at: string, ctx: Context): void {
  if (key === 'oneOf') convertedWarning(ctx, at, '`oneOf` written as `anyOf`');
  const branches = value.map((item, i) => ({ item: asRecord(item), i }));
  const kept = branches.filter(({ item }) => item.type !== 'null');
  if (kept.length < branches.length) {
    out.nullable = true;
    convertedWarning(ctx, at, 'a `{"type": "null"}` branch written as `nullable: true`');
  }
  const converted = kept.map(({ item, i }) => convert(item, `${at}[${i}]`, ctx));
  if (converted.length === 1 && converted[0]) Object.assign(out, converted[0]);
  else if (converted.length > 1) out.anyOf = converted;
}

function enumType(values: unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'number')) return values.every((v) => Number.isInteger(v)) ? 'integer' : 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

function writeType(value: unknown, out: JSONSchema, at: string, ctx: Context): void {
  if (!Array.isArray(value)) {
    out.type = value;
    return;
  }
  const types = value.filter((t) => t !== 'null');
  if (types.length < value.length) out.nullable = true;
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
  convertedWarning(
    ctx,
    at,
    `type ${JSON.stringify(value)} written as ${types.length > 1 ? 'anyOf' : 'type'}${types.length < value.length ? ' + nullable' : ''}`,
  );
}

function writeEnum(value: unknown, out: JSONSchema, at: string, ctx: Context): void {
  if (!Array.isArray(value)) return;
  const values = value.filter((v) => v !== null);
  if (values.length < value.length) {
    out.nullable = true;
    convertedWarning(ctx, at, '`null` in `enum` written as `nullable: true`');
  }
  out.enum = values;
}

function writeFormat(format: string, out: JSONSchema, at: string, ctx: Context): void {
  const type = typeof out.type === 'string' ? out.type.toLowerCase() : '';
  if (FORMATS[type]?.has(format)) out.format = format;
  else dropped(ctx, at, `format "${format}" is not supported by Gemini for type ${type || '(none)'}`);
}

function inlineRef(ref: string, schema: Record<string, unknown>, path: string, ctx: Context): JSONSchema {
  const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
  const target = name === undefined ? undefined : ctx.defs[name];
  if (name === undefined || target === undefined || ctx.inlining.has(name)) {
    dropped(ctx, `${path}.$ref`, `\`$ref\` ${ref} could not be inlined (external or recursive)`);
    return {};
  }
  convertedWarning(ctx, `${path}.$ref`, `\`$ref\` ${ref} inlined`);
  ctx.inlining.add(name);
  const { $ref: _ref, ...rest } = schema;
  const inlined = convert({ ...asRecord(target), ...rest }, path, ctx);
  ctx.inlining.delete(name);
  return inlined;
}

function dropped(ctx: Context, path: string, message: string): void {
  ctx.warnings.push({ code: 'dropped', path, message });
}

function convertedWarning(ctx: Context, path: string, message: string): void {
  ctx.warnings.push({ code: 'converted', path, message });
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
