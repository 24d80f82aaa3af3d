import { callRecordOf } from '@bench/client';
import type { NeutralRequest } from '@bench/formats';
import { newCallId } from '@bench/ledger';
import { identifyConversation } from '@bench/router';
import type { ResolvedCollection } from '../config/resolved-config';
import type { Target } from '../names/resolve-target';
import type { EngineRuntime } from '../runtime/engine-runtime';
import { modelTargetOf } from '../runtime/model-target';
import type { TurnContext } from '../turn/turn-context';
import { readShapeAnswer } from './read-shape-answer';
import type { ShapeLabelStore } from './shape-label-store';
import { shaperRequest } from './shaper-request';

/** What kind of task a turn is, and who said so: `collection`, the shaper's alias, or `default`. */
export interface TurnShape {
  shape: string;
  by: string;
}

const DEFAULT_SHAPE: TurnShape = { shape: 'general', by: 'default' };
const SHAPER_TIMEOUT_MS = 3_000;
/** A shaper's label is kept for the conversation, as long as a conversation is kept idle. */
const LABEL_TTL_MS = 3_600_000;

/**
 * The turn's shape: the collection's own, or its shaper's label for the conversation (asked once, recorded in the
 * ledger as a `shape` call), or `general` when the shaper fails, is late or names no shape of the set.
 */
export function turnShape(
  runtime: EngineRuntime,
  labels: ShapeLabelStore,
  context: TurnContext,
  target: Target,
  request: NeutralRequest,
): TurnShape | Promise<TurnShape> {
  if (target.kind !== 'collection') return DEFAULT_SHAPE;
  const collection = target.collection;
  if (collection.shape !== undefined) return { shape: collection.shape, by: 'collection' };
  if (collection.shaper === undefined) return DEFAULT_SHAPE;
  return shapeByShaper(runtime, labels, context, collection, collection.shaper, request);
}

/** The shaper's label for the conversation: kept, or asked for (and kept). */
async function shapeByShaper(
  runtime: EngineRuntime,
  labels: ShapeLabelStore,
  context: TurnContext,
  collection: ResolvedCollection,
  shaper: string,
  request: NeutralRequest,
): Promise<TurnShape> {
  const { conversation } = identifyConversation({ collection: collection.name, keyName: context.caller.keyName, request, headers: context.headers });
  const known = await keptLabel(runtime, labels, conversation);
  if (known) return known;
  const label = await askShaper(runtime, context, collection, shaper, request, conversation);
  try {
    await labels.set(conversation, label, LABEL_TTL_MS);
  } catch (error) {
    runtime.logger.warn({ err: (error as Error).message }, "the shaper's label could not be kept; the conversation's next turn asks again");
  }
  return label;
}

/** The label kept for the conversation (by any replica sharing the state store), if it names a shape of this config. */
async function keptLabel(runtime: EngineRuntime, labels: ShapeLabelStore, conversation: string): Promise<TurnShape | undefined> {
  try {
    const known = await labels.get(conversation, LABEL_TTL_MS);
    return known && runtime.config.shapes.includes(known.shape) ? known : undefined;
  } catch (error) {
    runtime.logger.warn({ err: (error as Error).message }, "the shapers' labels could not be read; the shaper is asked");
    return undefined;
  }
}

async function askShaper(
  runtime: EngineRuntime,
  context: TurnContext,
  collection: ResolvedCollection,
  shaper: string,
  request: NeutralRequest,
  conversation: string,
): Promise<TurnShape> {
  const { config } = runtime;
  const model = config.models[shaper]!;
  const timeoutMs = collection.shaperTimeoutMs ?? SHAPER_TIMEOUT_MS;
  const fallback: TurnShape = { shape: 'general', by: shaper };
  let run: ReturnType<EngineRuntime['client']['call']>;
  try {
    run = runtime.client.call(modelTargetOf(config, shaper, runtime.env), shaperRequest(model.model, config.shapes, request), {
      timeouts: { firstTokenMs: timeoutMs, idleMs: timeoutMs, totalMs: timeoutMs },
      retry: { serverErrorRetries: 0, retryAfterMaxMs: 0, continuations: 0 },
    });
  } catch (error) {
    runtime.logger.warn({ err: (error as Error).message, shaper }, 'the shaper could not be called; the turn is general');
    return fallback;
  }
  context.onCancel.push(() => run.cancel());
  const result = await run.collect();
  const shape = result.ok ? readShapeAnswer(result.text, config.shapes) : undefined;
  const record = callRecordOf(
    {
      id: newCallId('s'),
      purpose: 'shape',
      collection: collection.name,
      keyName: context.caller.keyName,
      alias: shaper,
      provider: model.provider,
      price: model.price,
      unit: conversation,
    },
    {
      status: result.ok ? 'ok' : context.cancelled ? 'aborted' : (result.error?.kind ?? 'error'),
      seconds: result.seconds,
      errorClass: result.error?.name,
      errorMessage: result.error?.message,
      warnings: result.ok && shape === undefined ? [`answered no shape of the set (${config.shapes.join(', ')}): the turn is general`] : undefined,
      usage: result.usage,
      firstPieceSeconds: result.firstPieceSeconds,
      finishReason: result.finishReason,
      providerKey: result.providerKey ?? result.attempts.at(-1)?.providerKey,
    },
  );
  try {
    runtime.ledger.recordCall(context.via ? { ...record, via: context.via } : record);
  } catch (error) {
    runtime.logger.error({ err: (error as Error).message }, 'shaper record refused');
  }
  return shape === undefined ? fallback : { shape, by: shaper };
}
