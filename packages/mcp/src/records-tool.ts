import type { Caller, Engine } from '@bench/engine';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asToolResult, toolResult } from './tool-result';

const DESCRIPTION =
  "Show the records bench chooses by, per collection you may ask and per member model: useful and not-useful verdicts, calls, failures, last use, " +
  "and per shape of task where the ledger keeps them. Use it to see which models have earned their seats, or before a verdict to see what it moves.";

/** `records`: the records the choices read (the router's), per collection and member. */
export function registerRecordsTool(server: McpServer, engine: Engine, caller: Caller): void {
  server.registerTool('records', { title: 'Show bench records', description: DESCRIPTION, inputSchema: {} }, () =>
    asToolResult(async () => {
      const collections = await engine.records(caller);
      const lines = collections.flatMap((entry) => [
        `${entry.collection}${entry.shape ? ` (shape ${entry.shape})` : ''}:`,
        ...entry.members.map(({ alias, merger, record }) => {
          const shapes = record.shapes ? Object.entries(record.shapes).map(([shape, r]) => ` ${shape}: ${r.useful} useful of ${r.calls} calls`).join(';') : '';
          const lastUsed = record.lastUsedAt ? `, last used ${new Date(record.lastUsedAt).toISOString()}` : '';
          return `  - ${alias}${merger ? ' (merger)' : ''}: ${record.useful} useful${record.notUseful !== undefined ? `, ${record.notUseful} not useful` : ''}${lastUsed}${shapes ? `;${shapes}` : ''}`;
        }),
      ]);
      return toolResult(lines.length > 0 ? lines.join('\n') : 'This key may call no collection.', { collections });
    }),
  );
}
