import type { Caller, Engine } from '@bench/engine';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { callableCollections } from './callable-collection';
import { asToolResult, toolResult } from './tool-result';

const DESCRIPTION =
  'List the bench collections you may ask (with ask): each one\'s description, its own reply mode and the modes ask takes ("all", "merged"), ' +
  'its members (model aliases), its merger, and the shape of task its records are read on. Use it before ask to pick a collection.';

/** One collection as `collections` lists it. */
export interface ListedCollection {
  name: string;
  description: string;
  reply: string;
  replyModes: Array<'all' | 'merged'>;
  members: string[];
  merger?: string;
  shape?: string;
  shaper?: string;
}

/** `collections`: what this caller may call. */
export function registerCollectionsTool(server: McpServer, engine: Engine, caller: Caller): void {
  server.registerTool('collections', { title: 'List bench collections', description: DESCRIPTION, inputSchema: {} }, () =>
    asToolResult(async () => {
      const collections: ListedCollection[] = callableCollections(engine, caller).map((name) => {
        const collection = engine.config.collections[name]!;
        return {
          name,
          description: collection.description ?? `bench collection ${name}`,
          reply: collection.reply,
          replyModes: ['all', 'merged'],
          members: [...collection.members],
          ...(collection.merger ? { merger: collection.merger } : {}),
          ...(collection.shape ? { shape: collection.shape } : {}),
          ...(collection.shaper ? { shaper: collection.shaper } : {}),
        };
      });
      const lines = collections.map(
        (c) =>
          `- ${c.name}: ${c.description} (own reply: ${c.reply}; members: ${c.members.join(', ')}${c.merger ? `; merger: ${c.merger}` : ''}${c.shape ? `; shape: ${c.shape}` : c.shaper ? `; shaped by ${c.shaper}` : ''})`,
      );
      const text =
        collections.length > 0
          ? `Collections you may ask (reply "all" or "merged"):\n${lines.join('\n')}\nShapes: ${engine.config.shapes.join(', ')}`
          : 'This key may call no collection.';
      return toolResult(text, { collections, shapes: [...engine.config.shapes] });
    }),
  );
}
