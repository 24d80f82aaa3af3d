import type { DemoUpstream } from './demo-upstream';

/** Where the demo records its calls (apart from a real configuration's ledger). */
export const DEMO_LEDGER = 'sqlite:.bench/demo-ledger.db';

/** A configuration with collections for all three reply modes over the simulated members. */
export function demoConfig(upstream: Pick<DemoUpstream, 'baseURL'>): Record<string, unknown> {
  const model = (id: string, description: string, extra: Record<string, unknown> = {}) => ({
    provider: 'demo',
    model: id,
    description,
    contextWindow: 32768,
    maxOutput: 4096,
    tools: true,
    vision: false,
    price: { input: 0.5, output: 1.5 },
    ...extra,
  });
  return {
    ledger: DEMO_LEDGER,
    state: 'memory:',
    providers: { demo: { baseURL: upstream.baseURL, api: 'openai-chat' } },
    models: {
      sage: model('demo-sage', 'thoughtful, long answers'),
      scout: model('demo-scout', 'quick, short answers'),
      slowpoke: model('demo-slowpoke', 'takes its time (2.5 s to the first word)'),
      // Not retried on the spot (the default retries a 5xx once, and its next call succeeds):
      // its failure shows as a failover in a route reply and a failed seat in a panel.
      flaky: model('demo-flaky', 'fails every third call', { retry: { serverErrorRetries: 0 } }),
    },
    collections: {
      panel: { members: ['sage', 'scout', 'slowpoke', 'flaky'], reply: 'all', description: 'every member answers' },
      council: { members: ['sage', 'scout', 'flaky'], reply: 'merged', merger: 'sage', description: 'the panel, merged by sage' },
      // Ranked by record with no rotation, so that the demo is predictable: flaky first until a person's verdicts move it.
      agents: {
        members: ['flaky', 'scout', 'sage'],
        reply: 'route',
        order: 'record',
        rotate: 0,
        description: 'one member per conversation, failover before the first token; your verdicts rank its members',
      },
    },
    aliases: { 'claude-*': 'bench/agents', 'gpt-*': 'bench/agents', 'gemini-*': 'bench/agents' },
    // The dashboard shows the demo's prompts and answers (nothing in them is anyone's).
    transcripts: { keep: '7d' },
  };
}
