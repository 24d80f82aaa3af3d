import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
}

const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Unwraps optional, default, nullable and pipe wrappers to the schema that holds the value. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const d = def(current);
    if ((d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'prefault') && d.innerType) current = d.innerType;
    else if (d.type === 'pipe' && d.in) current = d.in;
    else return current;
  }
}

/** The keys an object schema knows at `path` (a zod issue's path), or [] where the path does not lead to an object. */
export function knownKeysAt(root: z.ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  let current = unwrap(root);
  for (const key of path) {
    const d = def(current);
    if (d.type === 'object' && d.shape && typeof key === 'string' && key in d.shape) current = unwrap(d.shape[key]!);
    else if (d.type === 'record' && d.valueType) current = unwrap(d.valueType);
    else if (d.type === 'array' && d.element) current = unwrap(d.element);
    else return [];
  }
  const d = def(current);
  return d.type === 'object' && d.shape ? Object.keys(d.shape) : [];
}
