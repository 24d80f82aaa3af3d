import type { UpstreamRequest } from './codec';

/** A provider API's own count of a request's input tokens: the call, from the generate request it counts, and its answer. */
export interface UpstreamTokenCount {
  /** The count call for a formatted generate request: its path (relative to the base URL) and body, the fields the count API takes. */
  request(generate: UpstreamRequest): { path: string; body: Record<string, unknown> };
  /** The input tokens a count reply says, or undefined when the body is not one. */
  read(body: unknown): number | undefined;
  /** The count reply this protocol's callers read. */
  formatReply(tokens: number): Record<string, unknown>;
}

/** The whole number at `field` of a reply, or undefined. */
export function countAt(body: unknown, field: string): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Only the fields of `body` named in `fields`. */
export function pickFields(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (body[field] !== undefined) picked[field] = body[field];
  return picked;
}
