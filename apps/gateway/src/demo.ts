import { lastUserText, startFakeUpstream, type Answer, type Behaviour, type FakeUpstream } from '@bench/testkit';
import type { NeutralRequest } from '@bench/formats';

/** Where the demo records its calls (apart from a real configuration's ledger). */
export const DEMO_LEDGER = 'sqlite:.bench/demo-ledger.db';

/** The simulated members of `--demo`: distinct voices, one slow, one that fails now and then. */
const VOICES: Record<string, (question: string) => string> = {
  'demo-sage': (q) =>
    `Let me think about "${q}" carefully. There are two sides to it: what is asked, and what is meant. ` +
    `The short answer is that it depends on the context, and the long answer starts with the assumptions behind the question.`,
  'demo-scout': (q) => `Quick take on "${q}": start small, measure, then decide. That is usually enough.`,
  'demo-slowpoke': (q) => `After a long pause: "${q}" deserves patience. Slow answers are sometimes the careful ones.`,
  'demo-flaky': (q) => `When I do answer: "${q}" has a simple core, and the rest is detail.`,
};

function voiceAnswer(model: string, request: NeutralRequest | undefined): Answer {
  // A merge request carries the question, then the drafts after a "---" line.
  const question = lastUserText(request).split('---')[0]!.replace(/\s+/g, ' ').trim().slice(0, 160) || 'your question';
  // The panel's merger is asked with the seats' drafts between <draft> tags.
  if (request?.system.some((part) => part.text.includes('<draft>'))) {
    return { text: words(`Merged answer: the panel agrees on the core of "${question}", and differs only in how much detail it gives.`) };
  }
  const voice = VOICES[model] ?? ((q: string) => `${model} heard: ${q}`);
  return { text: words(voice(question)) };
}

const words = (text: string) => text.split(/(?<= )/);

/** Fails every third call with a 503, so failover and panel notes have something to show. */
function flakyScript(): Behaviour[] {
  return Array.from({ length: 300 }, (_, i) =>
    i % 3 === 1 ? { error: { status: 503, error: { kind: 'unavailable', message: 'demo-flaky is resting (simulated 503)' } } } : { pieceDelayMs: 25 },
  );
}

export async function startDemoUpstream(): Promise<FakeUpstream> {
  return startFakeUpstream({
    models: {
      'demo-sage': { pieceDelayMs: 30 },
      'demo-scout': { pieceDelayMs: 15 },
      'demo-slowpoke': { firstPieceDelayMs: 2500, pieceDelayMs: 60 },
      'demo-flaky': flakyScript(),
    },
    defaultAnswer: voiceAnswer,
  });
}

/** A configuration with collections for all three reply modes over the simulated members. */
export function demoConfig(upstream: FakeUpstream): Record<string, unknown> {
  const model = (id: string, description: string) => ({
    provider: 'demo', model: id, description, contextWindow: 32768, maxOutput: 4096, tools: true, vision: false, price: { input: 0.5, output: 1.5 },
  });
  return {
    ledger: DEMO_LEDGER,
    state: 'memory:',
    providers: { demo: { baseURL: upstream.baseURL('openai-chat'), api: 'openai-chat' } },
    models: {
      sage: model('demo-sage', 'thoughtful, long answers'),
      scout: model('demo-scout', 'quick, short answers'),
      slowpoke: model('demo-slowpoke', 'takes its time (2.5 s to the first word)'),
      flaky: model('demo-flaky', 'fails every third call'),
    },
    collections: {
      panel: { members: ['sage', 'scout', 'slowpoke', 'flaky'], reply: 'all', description: 'every member answers' },
      council: { members: ['sage', 'scout', 'flaky'], reply: 'merged', merger: 'sage', description: 'the panel, merged by sage' },
      agents: { members: ['flaky', 'scout', 'sage'], reply: 'route', order: 'listed', description: 'one member per conversation, failover before the first token' },
    },
    aliases: { 'claude-*': 'bench/agents', 'gpt-*': 'bench/agents', 'gemini-*': 'bench/agents' },
  };
}
