import type { Extra, Message, TextPart } from '../neutral/content';
import { parseWithSchema } from '../shared/parse-with-schema';
import { textBlockSchema, type AnthropicRequestBody } from './anthropic-api';
import { isBillingHeaderBlock } from './billing-header';
import { restOf, withExtra, type Positioned } from './extra-fields';
import { asAssistantPart, asUserPart, parseBlock, parseText } from './parse-anthropic-content';

/**
 * The top-level `system` and the messages. A `role: "system"` message inside
 * `messages` (Claude Code) becomes system parts marked `$systemMessage: <its index>`
 * so that it goes back in place; `extra` gets the request-level hints. Claude
 * Code's billing-header block is set aside (see billing-header.ts).
 */
export function parseMessagesAndSystem(body: AnthropicRequestBody, extra: Extra): { system: TextPart[]; systemBeforeReplies?: number; messages: Message[] } {
  const system: TextPart[] = [];
  if (typeof body.system === 'string') {
    system.push({ type: 'text', text: body.system });
    extra.$system = 'string';
  } else if (body.system) {
    if (body.system.length === 0) extra.$system = 'empty-array';
    body.system.forEach((block, i) => {
      if (i === 0 && isBillingHeaderBlock(block)) extra.$billingHeader = block;
      else system.push(parseText(block, ['system', i]));
    });
  }

  const messages: Message[] = [];
  const emptySystemMessages: Positioned[] = [];
  let replied = false;
  let systemBeforeReplies: number | undefined;
  body.messages.forEach((message, i) => {
    const messageExtra = restOf(message, ['role', 'content']);
    if (message.role === 'assistant') replied = true;
    if (message.role === 'system') {
      if (replied) systemBeforeReplies ??= system.length;
      const parts = systemMessageParts(message.content, i, messageExtra);
      if (parts.length === 0) emptySystemMessages.push({ at: i, item: messageExtra ?? {} });
      system.push(...parts);
      return;
    }
    const hints: Extra = messageExtra ?? {}; // restOf's fresh object (a spread given new keys is slow in Node 20)
    if (typeof message.content === 'string') {
      hints.$contentString = true;
      const text: TextPart = { type: 'text', text: message.content };
      messages.push(withExtra<Message>({ role: message.role, content: [text] }, hints));
      return;
    }
    const other: Positioned[] = [];
    if (message.role === 'user') {
      const content: Extract<Message, { role: 'user' }>['content'] = [];
      message.content.forEach((block, j) => {
        const path = ['messages', i, 'content', j];
        const part = parseBlock(block, path);
        if (part) content.push(asUserPart(part, block, path));
        else other.push({ at: j, item: block });
      });
      if (other.length > 0) hints.other_blocks = other;
      messages.push(withExtra<Message>({ role: 'user', content }, hints));
    } else {
      const content: Extract<Message, { role: 'assistant' }>['content'] = [];
      message.content.forEach((block, j) => {
        const path = ['messages', i, 'content', j];
        const part = parseBlock(block, path);
        // The neutral model has documents only as input: one in an assistant turn stays as sent, for Anthropic only.
        if (part && part.type !== 'file') content.push(asAssistantPart(part, block, path));
        else other.push({ at: j, item: block });
      });
      if (other.length > 0) hints.other_blocks = other;
      messages.push(withExtra<Message>({ role: 'assistant', content }, hints));
    }
  });
  if (emptySystemMessages.length > 0) extra.$emptySystemMessages = emptySystemMessages;
  return systemBeforeReplies === undefined ? { system, messages } : { system, systemBeforeReplies, messages };
}

function systemMessageParts(content: string | Array<Record<string, unknown>>, i: number, messageExtra: Extra | undefined): TextPart[] {
  const first: Extra = messageExtra ? { $messageExtra: messageExtra } : {};
  if (typeof content === 'string') {
    return [{ type: 'text', text: content, extra: { $systemMessage: i, $contentString: true, ...first } }];
  }
  return content.map((block, j) => {
    const b = parseWithSchema(textBlockSchema, block, ['messages', i, 'content', j]);
    // Keys set on restOf's fresh object, not spread into a new one: Node 20 builds a spread given new keys on a slow path.
    const extra: Extra = restOf(b, ['type', 'text']) ?? {};
    extra.$systemMessage = i;
    if (j === 0 && messageExtra) extra.$messageExtra = messageExtra;
    return { type: 'text', text: b.text, extra };
  });
}
