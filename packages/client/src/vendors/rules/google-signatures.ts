import type { Warning } from '@bench/formats';
import type { ModelTarget } from '../../model-target';
import type { Vendor } from '../registry';

type Wire = Record<string, unknown>;

/**
 * Google's thought signatures (`extra_content.google` on a message or a tool
 * call; see @bench/formats) go only to Google's endpoints: a conversation that
 * moved from a Gemini member on Google's OpenAI-compatible endpoint to another
 * OpenAI Chat server would otherwise send that server a field it does not know,
 * which a strict one refuses ("additional properties are not allowed"). Google's
 * `elsewhere` rule (see ../google.ts).
 */
export function leaveOutGoogleSignatures(target: ModelTarget, _vendor: Vendor, body: Wire, warnings: Warning[]): void {
  if (target.api !== 'openai-chat') return;
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  let left = 0;
  for (const message of messages as Wire[]) {
    if (message.role !== 'assistant') continue;
    if (withoutGoogle(message)) left += 1;
    if (!Array.isArray(message.tool_calls)) continue;
    for (const call of message.tool_calls as Wire[]) if (withoutGoogle(call)) left += 1;
  }
  if (left > 0) {
    warnings.push({
      code: 'dropped',
      path: 'messages',
      message: `extra_content.google (Gemini's thought signatures) left out of ${left} place(s): only Google's endpoints read it, and ${target.alias} is not one`,
    });
  }
}

function withoutGoogle(node: Wire): boolean {
  const extra = node.extra_content;
  if (typeof extra !== 'object' || extra === null || !('google' in extra)) return false;
  const { google: _google, ...rest } = extra as Wire;
  if (Object.keys(rest).length > 0) node.extra_content = rest;
  else delete node.extra_content;
  return true;
}
