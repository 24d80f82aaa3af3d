import type { Caller, Engine } from '@bench/engine';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asToolResult, toolResult } from './tool-result';

const DESCRIPTION =
  'Show the records bench chooses by, per collection you may ask and per member model: useful and not-useful verdicts, calls, failures, last use, ' +
  'and per shape of task where the ledger keeps them. Use it to see which models have earned their seats, or before a verdict to see what it moves.';

/** `records`: the records the choices read (the router's), per collection and member. */
export function registerRecordsTool(server: McpServer, engine: Engine, caller: Caller): void {
  server.registerTool('records', { title: 'Show bench records', description: DESCRIPTION, inputSchema: {} }, () =>
    asToolResult(async () => {
      const collections = await engine.records(caller);
      const lines = collections.flatMap((entry) => [
        `${entry.name} (${entry.reply}, order ${entry.order}${'shape' in entry.shapeBy ? `, shape ${entry.shapeBy.shape}` : 'shaper' in entry.shapeBy ? `, shaper ${entry.shapeBy.shaper}` : ''}):`,
        ...entry.members.map(({ alias, whole, shapes }) => {
          const onShapes = Object.entries(shapes)
            .map(([shape, r]) => ` ${shape}: ${r.useful} useful, ${r.notUseful} not, of ${r.calls} calls`)
            .join(';');
          const lastUsed = whole.lastUsedAt ? `, last used ${new Date(whole.lastUsedAt).toISOString()}` : '';
          return `  - ${alias}: ${whole.useful} useful, ${whole.notUseful} not useful, ${whole.calls} calls, ${whole.failures} failed${lastUsed}${onShapes ? `;${onShapes}` : ''}`;
        }),
        ...Object.entries(entry.next).map(
          ([shape, next]) => `  next new conversation on ${shape}: ${next.ranking.map((ranked) => ranked.alias).join(' > ') || 'nobody'}`,
        ),
      ]);
      return toolResult(lines.length > 0 ? lines.join('\n') : 'This key may call no collection.', { collections });
    }),
  );
}
