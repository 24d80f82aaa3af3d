import { EngineError } from '../errors/engine-error';
import { MAX_ID_LENGTH, ownStoredResponse, WHAT_IS_KEPT } from './previous-response';
import type { ResponseStore } from './response-store';
import { storedResponseObject } from './stored-response-object';

/** The ids bench gives a response's output items: `<kind>_<response id>_<index>`. */
const BENCH_ITEM_ID = /^(?:msg|rs_bench|fc|ctc)_(.+)_\d+$/;

type Item = Record<string, unknown>;

/** The responses a request's references named, each with the first item id it named from it. */
export type ResolvedReferences = Map<string, string>;

/**
 * A Responses body's `item_reference` input items that name an item of a
 * response bench kept, replaced in place by that item. The AI SDK's OpenAI
 * provider sends every earlier answer and reasoning item so when `store` is on
 * (its default), trusting the server to hold them; a member of any protocol
 * then gets the conversation whole. A reference to an id bench did not make
 * (OpenAI's own) is left for a member that may know it.
 */
export async function resolveItemReferences(body: unknown, store: ResponseStore, keyName: string): Promise<ResolvedReferences> {
  const resolved: ResolvedReferences = new Map();
  const input = isItem(body) ? body.input : undefined;
  if (!Array.isArray(input) || !input.some((item) => isItem(item) && item.type === 'item_reference')) return resolved;
  const refs: Array<{ at: number; id: string; response: string }> = [];
  input.forEach((item, at) => {
    if (!isItem(item) || item.type !== 'item_reference') return;
    const id = item.id;
    if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) {
      throw new EngineError(400, 'invalid-request', `input[${at}].id: expected the id of an item of an earlier response`, { param: `input[${at}].id` });
    }
    const response = BENCH_ITEM_ID.exec(id)?.[1];
    if (response !== undefined) refs.push({ at, id, response });
  });
  // Each response read once, all at once (a long conversation refers to every earlier turn).
  const responses = [...new Set(refs.map((ref) => ref.response))];
  const outputs = new Map(await Promise.all(responses.map(async (response) => [response, await outputOf(store, response, keyName)] as const)));
  for (const { at, id, response } of refs) {
    const found = outputs.get(response)?.find((item) => item.id === id);
    if (!found) {
      throw new EngineError(
        400,
        'invalid-request',
        `input[${at}]: no item "${id}" here: ${WHAT_IS_KEPT}; send the item itself instead of a reference (the AI SDK does with store: false)`,
        { param: `input[${at}].id` },
      );
    }
    input[at] = found;
    if (!resolved.has(response)) resolved.set(response, id);
  }
  return resolved;
}

async function outputOf(store: ResponseStore, id: string, keyName: string): Promise<Item[] | undefined> {
  const stored = await ownStoredResponse(store, id, keyName);
  return stored && (storedResponseObject(id, stored)?.output as Item[] | undefined);
}

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
