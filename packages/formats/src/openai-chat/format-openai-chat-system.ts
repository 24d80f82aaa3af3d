import type { TextPart } from '../neutral/content';
import type { Warning } from '../neutral/warning';
import { formatTextPart } from './format-openai-chat-content';
import { AT, CONTENT, EMPTY_ARRAY, MESSAGE_EXTRA, ROLE } from './hints';
import { isRecord } from './split-extra';
import { warnExtra } from './warn-extra';

export interface SystemMessage {
  /** Index in the wire `messages` to write it at; -1 for the front. */
  at: number;
  message: Record<string, unknown>;
}

/**
 * Neutral system parts → system/developer messages. Own requests go back to
 * their places and roles; others become one leading `system` message.
 */
export function formatSystem(parts: readonly TextPart[], own: boolean, warnings: Warning[]): SystemMessage[] {
  const groups: Array<{ at: number; parts: TextPart[]; first: number }> = [];
  parts.forEach((part, index) => {
    const at = own && typeof part.extra?.[AT] === 'number' ? (part.extra[AT] as number) : -1;
    const last = groups[groups.length - 1];
    if (last && last.at === at) last.parts.push(part);
    else groups.push({ at, parts: [part], first: index });
  });
  const out = groups.map((group) => ({ at: group.at, message: formatGroup(group.parts, group.first, own, warnings) }));
  // Stable: parts added without a place (-1) go first, the others keep their order.
  return out.sort((a, b) => a.at - b.at);
}

function formatGroup(parts: TextPart[], first: number, own: boolean, warnings: Warning[]): Record<string, unknown> {
  const head = parts[0]!.extra;
  const role = own && head?.[ROLE] === 'developer' ? 'developer' : 'system';
  const messageExtra = own && isRecord(head?.[MESSAGE_EXTRA]) ? head[MESSAGE_EXTRA] : {};
  let content: unknown;
  if (own && head?.[EMPTY_ARRAY] === true && parts.length === 1) content = [];
  else if (own && head?.[CONTENT] === 'string') content = parts.map((part) => part.text).join('');
  else if (!own) {
    // One plain string is what every OpenAI-compatible server takes for a system message.
    parts.forEach((part, index) => warnExtra(part.extra, `system[${first + index}]`, warnings));
    content = parts.map((part) => part.text).join('\n\n');
  } else content = parts.map((part, index) => formatTextPart(part, own, `system[${first + index}]`, warnings));
  return { role, content, ...messageExtra };
}
