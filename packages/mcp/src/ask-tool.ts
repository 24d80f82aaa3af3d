import type { Caller, Engine, TurnProgress } from '@bench/engine';
import type { PanelBench } from '@bench/panel';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { askAnswer, askAnswerText } from './ask-answer';
import { askRequest } from './ask-request';
import { callableCollection } from './callable-collection';
import { progressReporter, type ToolExtra } from './progress-reporter';
import { ToolInputError } from './tool-error';
import { asToolResult, toolResult } from './tool-result';

const DESCRIPTION =
  'Ask a bench collection (a panel of other models) for a second opinion on one task: a plan, a review of a diff, a hard question, ' +
  "a fact you are unsure of. Use it when another model's view would help you decide; you keep your own model and judge the answers. " +
  'reply "all" returns every seat\'s answer labelled with its model and call id; "merged" returns one answer a merger wrote from theirs, and the seats behind it. ' +
  'Give the task as a self-contained instruction and paste what the panel needs to see (code, a diff, an error) as context: the panel sees nothing else. ' +
  'The collections tool lists what you may ask. Afterwards, tell bench whether an answer was useful with the verdict tool.';

export const askInput = {
  collection: z.string().describe('The collection to ask, as the collections tool names it (e.g. "review"; "bench/review" works too).'),
  task: z.string().describe('What the panel should do, self-contained.'),
  context: z.string().optional().describe('What the panel needs to see: code, a diff, logs, the plan so far.'),
  reply: z
    .enum(['all', 'merged', 'route'])
    .optional()
    .describe('"all": every seat\'s answer; "merged": one merged answer. Default: the collection\'s own mode when it is a panel, else "all".'),
  with: z.array(z.string()).optional().describe("Model aliases to seat besides the collection's members (ones this key may call)."),
};

/** `ask`: one task to a panel, every seat's answer or the merged one, progress while the seats work, cancellable. */
export function registerAskTool(server: McpServer, engine: Engine, caller: Caller): void {
  server.registerTool('ask', { title: 'Ask a bench panel', description: DESCRIPTION, inputSchema: askInput }, (args, extra) =>
    asToolResult(async () => {
      const collection = callableCollection(engine, caller, args.collection);
      if (args.reply === 'route') {
        throw new ToolInputError(
          'reply',
          '"route" answers with one member, as a model does: to use bench as your model, point your client at the gateway; ask a panel with "all" or "merged"',
        );
      }
      const task = args.task.trim();
      if (task === '') throw new ToolInputError('task', 'empty; say what the panel should do');
      const limit = engine.config.server.bodyLimitBytes;
      const size = Buffer.byteLength(args.task) + Buffer.byteLength(args.context ?? '');
      if (size > limit)
        throw new ToolInputError(
          args.context ? 'task, context' : 'task',
          `${size} bytes together, more than the gateway takes (server.bodyLimitBytes: ${limit}); send less`,
        );
      const reply = args.reply ?? (collection.reply === 'route' ? 'all' : collection.reply);
      const progress = progressReporter(extra as ToolExtra, reply === 'merged');
      const turn = engine.turn(askRequest(collection.name, task, args.context), {
        model: `bench/${collection.name}`,
        key: caller,
        signal: extra.signal,
        bench: { reply, ...(args.with ? { with: args.with } : {}) },
        via: 'mcp',
        onProgress: (event: TurnProgress) => progress.report(event),
      });
      let text = '';
      let bench: PanelBench | undefined;
      for await (const event of turn) {
        if (event.type === 'text-delta') text += event.text;
        else if (event.type === 'finish') bench = event.extra?.bench as PanelBench | undefined;
        else if (event.type === 'error') throw new Error(event.error.message);
      }
      await progress.sent();
      if (!bench) throw new Error(extra.signal.aborted ? 'cancelled: the seats were stopped' : 'the panel ended without an answer');
      const answer = askAnswer(bench, text);
      return toolResult(askAnswerText(answer), answer as unknown as Record<string, unknown>);
    }),
  );
}
