import type { Caller, Engine } from '@bench/engine';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { asToolResult, toolResult } from './tool-result';

const DESCRIPTION =
  "Tell bench whether an answer from ask was useful: give the call id printed with that answer (a seat's or the merger's). " +
  'Use it once you have judged an answer, useful or not: the verdicts are the records bench picks its seats, its merger and its routes by. ' +
  'A later verdict on the same call replaces the earlier one.';

/** `verdict`: a verdict on a call this caller made or may judge, which moves the model's record. */
export function registerVerdictTool(server: McpServer, engine: Engine, caller: Caller): void {
  server.registerTool(
    'verdict',
    {
      title: 'Judge an answer',
      description: DESCRIPTION,
      inputSchema: {
        call: z.string().describe('The call id of the answer (e.g. "p1a2b3.1" or "p1a2b3.merger").'),
        useful: z.boolean().describe('Whether the answer helped.'),
        note: z.string().optional().describe('Why, in a sentence (kept with the verdict).'),
      },
    },
    (args) =>
      asToolResult(async () => {
        const verdict = await engine.verdict({ call: args.call, useful: args.useful, ...(args.note !== undefined ? { note: args.note } : {}) }, caller);
        const text = `recorded: call ${verdict.call} was ${verdict.useful ? 'useful' : 'not useful'}`;
        return toolResult(text, { ...verdict });
      }),
  );
}
