import type { NeutralRequest } from '@bench/formats';

/** The panel's request for an agent's task: one user message, the context (when given) before the task. */
export function askRequest(collection: string, task: string, context: string | undefined): NeutralRequest {
  const text = context ? `Context:\n${context}\n\nTask:\n${task}` : task;
  return { model: `bench/${collection}`, system: [], messages: [{ role: 'user', content: [{ type: 'text', text }] }], stream: true, extra: {} };
}
