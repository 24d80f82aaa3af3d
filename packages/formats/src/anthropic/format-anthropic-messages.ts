import type { Extra, Message, TextPart } from '../neutral/content';
import { insertPositioned, isPositionedList, isRecord, wireKeys, type Positioned } from './extra-fields';
import { formatPart, type FormatContext } from './format-anthropic-content';
import { spreadExtra, warnForeignExtra } from './format-warnings';

type Wire = Record<string, unknown>;

/** Neutral system parts and messages → Anthropic `system` and `messages` (tool messages become user turns of tool_result blocks). */
export function formatMessagesAndSystem(system: TextPart[], messages: Message[], extra: Extra, ctx: FormatContext): { system?: unknown; messages: Wire[] } {
  const top: TextPart[] = [];
  const inMessages = new Map<number, TextPart[]>();
  for (const part of system) {
    const at = ctx.same ? part.extra?.$systemMessage : undefined;
    if (typeof at === 'number') inMessages.set(at, [...(inMessages.get(at) ?? []), part]);
    else top.push(part);
  }

  const out: Wire[] = [];
  messages.forEach((message, i) => {
    const wire = formatMessage(message, i, ctx);
    // Anthropic refuses a message with no content. One can end up empty here (reasoning it cannot take, an empty
    // translated text): it is left out. A message an Anthropic client sent empty stays as sent.
    if (Array.isArray(wire.content) && wire.content.length === 0 && (!ctx.same || message.content.length > 0)) {
      ctx.warnings.push({ code: 'dropped', path: `messages[${i}]`, message: 'a message with nothing Anthropic can take (Anthropic refuses an empty one)' });
      return;
    }
    out.push(wire);
  });
  if (ctx.same) {
    const kept: Positioned[] = [...inMessages].map(([at, parts]) => ({ at, item: systemMessage(parts, ctx) }));
    const empty = extra.$emptySystemMessages;
    if (isPositionedList(empty)) for (const entry of empty) kept.push({ at: entry.at, item: { role: 'system', content: [], ...entry.item } });
    insertPositioned(out, kept, (item) => item);
  }
  return { system: formatSystem(top, extra, ctx), messages: out };
}

function formatSystem(parts: TextPart[], extra: Extra, ctx: FormatContext): unknown {
  const shape = ctx.same ? extra.$system : undefined;
  const only = parts[0];
  if (shape === 'string' && parts.length === 1 && only && wireKeys(only.extra).length === 0) return only.text;
  const blocks: Wire[] = [];
  parts.forEach((part, i) => {
    const block = formatPart(part, `system[${i}]`, ctx);
    if (block) blocks.push(block);
  });
  const billing = ctx.same ? extra.$billingHeader : undefined;
  if (isRecord(billing)) blocks.unshift(billing);
  if (blocks.length === 0) return shape === 'empty-array' ? [] : undefined;
  return blocks;
}

function systemMessage(parts: TextPart[], ctx: FormatContext): Wire {
  const first = parts[0];
  const wire: Wire = { role: 'system' };
  const messageExtra = first?.extra?.$messageExtra;
  if (first && parts.length === 1 && first.extra?.$contentString === true) wire.content = first.text;
  else wire.content = parts.map((part, j) => formatPart(part, `system.message[${j}]`, ctx));
  if (isRecord(messageExtra)) Object.assign(wire, messageExtra);
  return wire;
}

function formatMessage(message: Message, i: number, ctx: FormatContext): Wire {
  if (!ctx.same) warnForeignExtra(message.extra, `messages[${i}]`, ctx.warnings);
  const role = message.role === 'assistant' ? 'assistant' : 'user';
  const wire: Wire = { role };
  const only = message.content[0];
  if (ctx.same && message.extra?.$contentString === true && message.content.length === 1 && only?.type === 'text' && wireKeys(only.extra).length === 0) {
    wire.content = only.text;
  } else {
    const blocks: Wire[] = [];
    message.content.forEach((part, j) => {
      const block = formatPart(part, `messages[${i}].content[${j}]`, ctx);
      if (block) blocks.push(block);
    });
    const other = ctx.same ? message.extra?.other_blocks : undefined;
    wire.content = isPositionedList(other) ? insertPositioned(blocks, other, (item) => item) : blocks;
  }
  if (ctx.same) spreadExtra(wire, message.extra, ['other_blocks']);
  return wire;
}
