import type { NeutralRequest } from '@bench/formats';
import type { Member } from '../member';

/** A plain request: a system prompt and one user message (or several turns when `turns` > 1). */
export function chatRequest(
  options: { system?: string; user?: string; turns?: number; tools?: boolean; image?: boolean; maxOutputTokens?: number; sessionKey?: string } = {},
): NeutralRequest {
  const messages: NeutralRequest['messages'] = [];
  const turns = options.turns ?? 1;
  for (let turn = 1; turn <= turns; turn += 1) {
    const text = turn === 1 ? (options.user ?? 'hello') : `turn ${turn}`;
    messages.push({
      role: 'user',
      content:
        options.image && turn === 1
          ? [
              { type: 'text', text },
              { type: 'image', source: { kind: 'url', url: 'https://example.test/cat.png' } },
            ]
          : [{ type: 'text', text }],
    });
    if (turn < turns) messages.push({ role: 'assistant', content: [{ type: 'text', text: `answer ${turn}` }] });
  }
  return {
    model: 'bench/agents',
    system: [{ type: 'text', text: options.system ?? 'You are a coding agent.' }],
    messages,
    ...(options.tools ? { tools: [{ name: 'read', inputSchema: { type: 'object' } }] } : {}),
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
    ...(options.sessionKey === undefined ? {} : { sessionKey: options.sessionKey }),
    stream: true,
    extra: {},
  };
}

/** A capable member: tools and vision known, a 100k window. */
export function member(alias: string, extra: Partial<Member> = {}): Member {
  return { alias, contextWindow: 100_000, maxOutput: 8_000, tools: true, vision: true, ...extra };
}

/** A deterministic uniform [0, 1) generator (mulberry32). */
export { seededRandom } from '@bench/testkit';

/** A clock the test moves by hand. */
export function manualClock(start = 1_800_000_000_000): { now: () => number; advance: (ms: number) => void } {
  let at = start;
  return {
    now: () => at,
    advance: (ms) => {
      at += ms;
    },
  };
}
