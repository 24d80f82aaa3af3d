import { PanelInputError } from './errors/panel-input-error';
import { cutValue, quoteValue } from '@bench/contracts';

export const REPLY_MODES = ['all', 'merged', 'route'] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];

export interface ReplyModeInput {
  /** The request body's `bench` field, as sent (unknown: it is checked here). */
  body?: unknown;
  /** The model name's suffix (`bench/core:merged` → `merged`), if any. */
  suffix?: string;
  /** The collection's own reply mode. */
  collection: ReplyMode;
}

const isMode = (value: unknown): value is ReplyMode => REPLY_MODES.includes(value as ReplyMode);

/**
 * The reply mode of a request: body `bench.reply` over the model suffix over
 * the collection's own. An unknown `bench.reply` is a 400 and an unknown
 * suffix a 404 (`PanelInputError`).
 */
export function resolveReplyMode(input: ReplyModeInput): ReplyMode {
  const { body, suffix } = input;
  if (body !== undefined && body !== null) {
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new PanelInputError('bench', `must be an object such as {"reply": "merged"}, got ${typeof body}`);
    }
    const reply = (body as Record<string, unknown>).reply;
    if (reply !== undefined) {
      if (isMode(reply)) return reply;
      throw new PanelInputError('bench.reply', `must be one of ${REPLY_MODES.join(', ')}, got ${cutValue(JSON.stringify(reply))}`);
    }
  }
  if (suffix !== undefined && suffix !== '') {
    if (isMode(suffix)) return suffix;
    throw new PanelInputError('model', `unknown reply suffix ${quoteValue(`:${suffix}`)}: use :${REPLY_MODES.join(', :')}`, 404);
  }
  return input.collection;
}
