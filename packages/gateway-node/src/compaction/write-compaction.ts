import { benchCompactionContent, getCodec, type NeutralReply } from '@bench/formats';
import { EngineError } from '@bench/engine';
import type { RequestState } from '../request-state';
import type { Compaction } from './take-compaction';

/**
 * Answers a compaction with the summary the member wrote, as a `compaction`
 * item of bench's own: the endpoint's replacement history (the user's
 * messages, then the item), or for a trigger a response whose one output
 * item it is, streamed as the Responses events Codex reads when it asked
 * for a stream.
 */
export function writeCompaction(state: RequestState, compaction: Compaction, streamed: boolean, reply: NeutralReply, headers: Record<string, string>): void {
  const summary = reply.content
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('')
    .trim();
  if (summary === '') throw new EngineError(502, 'upstream', `${reply.model} wrote no summary for the compaction`);
  const response = getCodec('openai-responses').formatReply({ ...reply, content: [] }).value;
  const item = { id: `cmp_${reply.id}`, type: 'compaction', encrypted_content: benchCompactionContent(summary) };
  if (compaction.form === 'endpoint') {
    const { id, created_at, model, usage, bench } = response;
    return state.reply.json(200, { id, object: 'response.compaction', created_at, model, output: [...compaction.userItems, item], usage, bench }, headers);
  }
  const completed: Record<string, unknown> = { ...response, output: [item] };
  delete completed.output_text;
  if (!streamed) return state.reply.json(200, completed, headers);
  const events = [
    { type: 'response.created', response: { ...completed, status: 'in_progress', output: [], usage: null } },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: completed },
  ];
  const text = events.map((event, sequence) => `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: sequence })}\n\n`).join('');
  state.reply.text(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...headers }, text);
}
