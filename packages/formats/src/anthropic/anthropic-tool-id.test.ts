import { describe, expect, it } from 'vitest';
import { openaiChatCodec } from '../openai-chat/openai-chat-codec';
import { anthropicCodec } from './anthropic-codec';
import { anthropicToolId } from './anthropic-tool-id';

const ANTHROPIC_ID = /^[a-zA-Z0-9_-]+$/;

describe('anthropicToolId', () => {
  it('keeps ids Anthropic accepts as they are', () => {
    for (const id of ['toolu_01A09q90qw90lq917835lq9', 'call_w1', 'fc-9', 'x']) expect(anthropicToolId(id)).toBe(id);
  });

  it('rewrites the others into ids Anthropic accepts, the same every time, distinct where the originals were', () => {
    const ids = ['functions.Bash:0', 'functions.Bash;0', 'mcp__fs/read file', 'a.b', 'a:b', ''];
    const rewritten = ids.map(anthropicToolId);
    for (const id of rewritten) expect(id).toMatch(ANTHROPIC_ID);
    expect(new Set(rewritten).size).toBe(ids.length);
    expect(ids.map(anthropicToolId)).toEqual(rewritten);
    expect(anthropicToolId('functions.Bash:0')).toMatch(/^functions_Bash_0_[a-z0-9]+$/);
  });
});

describe('tool ids in a request formatted for Anthropic', () => {
  const kimiTurn = {
    model: 'm',
    max_tokens: 50,
    messages: [
      { role: 'user', content: 'list the files' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'functions.Bash:0', type: 'function', function: { name: 'Bash', arguments: '{"command":"ls"}' } }],
      },
      { role: 'tool', tool_call_id: 'functions.Bash:0', content: 'a.txt' },
    ],
  };

  function idsOf(body: Record<string, unknown>): string[] {
    const blocks = (body.messages as Array<{ content: Array<Record<string, unknown>> | string }>).flatMap((m) =>
      typeof m.content === 'string' ? [] : m.content,
    );
    return blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id as string] : block.type === 'tool_result' ? [block.tool_use_id as string] : []));
  }

  it('from another protocol: the tool_use and its tool_result keep one valid id', () => {
    const { body } = anthropicCodec.formatRequest(openaiChatCodec.parseRequest(kimiTurn));
    const [use, result] = idsOf(body as Record<string, unknown>);
    expect(use).toMatch(ANTHROPIC_ID);
    expect(result).toBe(use);
  });

  it('from an Anthropic client whose history came from another provider: rewritten too (Anthropic would refuse the request)', () => {
    const request = anthropicCodec.parseRequest({
      model: 'm',
      max_tokens: 50,
      messages: [
        { role: 'user', content: 'list the files' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'functions.Bash:0', name: 'Bash', input: { command: 'ls' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'functions.Bash:0', content: 'a.txt' }] },
      ],
    });
    const ids = idsOf(anthropicCodec.formatRequest(request).body as Record<string, unknown>);
    expect(ids).toEqual([anthropicToolId('functions.Bash:0'), anthropicToolId('functions.Bash:0')]);
    expect(ids[0]).toMatch(ANTHROPIC_ID);
  });
});
