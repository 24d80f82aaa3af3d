import type { Gateway } from '../http/create-gateway';

/** Every call recorded in a conversation's unit, from the ledger's export. */
export async function callsOf(gateway: Gateway, conversation: string): Promise<Array<Record<string, unknown>>> {
  let text = '';
  for await (const chunk of gateway.ledger.exportCalls({ format: 'jsonl' })) text += chunk;
  const calls = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return calls.filter((call) => call.unit === conversation);
}
