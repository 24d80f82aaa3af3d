import type { Caller, Engine, ResolvedCollection } from '@bench/engine';
import { ToolInputError } from './tool-error';
import { quoteValue } from '@bench/contracts';

/** The collections this caller may call, by name. */
export function callableCollections(engine: Engine, caller: Caller): string[] {
  return Object.keys(engine.config.collections).filter((name) => !caller.allowed || caller.allowed.includes(name));
}

/** The collection named, if this caller may call it; else the reason, and what it may call. */
export function callableCollection(engine: Engine, caller: Caller, name: string): ResolvedCollection {
  const callable = callableCollections(engine, caller);
  const bare = name.startsWith('bench/') ? name.slice('bench/'.length) : name;
  const collection = engine.config.collections[bare];
  const choices = callable.length > 0 ? `this key may call ${callable.join(', ')}` : 'this key may call no collection';
  if (!collection) throw new ToolInputError('collection', `unknown collection ${quoteValue(bare)}; ${choices} (the collections tool lists them)`);
  if (!callable.includes(bare)) throw new ToolInputError('collection', `this key may not call ${quoteValue(bare)}; ${choices}`);
  return collection;
}
