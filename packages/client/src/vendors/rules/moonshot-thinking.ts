import type { Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

/**
 * Moonshot (Kimi) refuses a request that sets both `thinking` and
 * `reasoning_effort` ("cannot specify both 'thinking' and 'reasoning_effort'").
 * A Kimi model whose options turn thinking on or off, asked by a client that
 * sends an effort with every turn (Claude Code, Codex, opencode), failed every
 * turn. The model's own thinking setting stays; the effort is left out, with a
 * warning. A rule of Moonshot's (see ../moonshot.ts).
 */
export function fitMoonshotThinking(target: ModelTarget, _vendor: Vendor, body: Record<string, unknown>, warnings: Warning[]): void {
  if (target.api !== 'openai-chat' || body.thinking === undefined || body.reasoning_effort === undefined) return;
  delete body.reasoning_effort;
  warnings.push({
    code: 'dropped',
    path: 'reasoning',
    message: `reasoning_effort left out: ${target.alias} sets thinking, and Moonshot refuses both in one request`,
  });
}
