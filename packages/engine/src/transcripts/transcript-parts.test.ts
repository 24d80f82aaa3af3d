import type { NeutralRequest } from '@bench/formats';
import { describe, expect, it } from 'vitest';
import { transcriptPrompt } from './transcript-parts';

const request = (messages: NeutralRequest['messages'], system: string[] = []): NeutralRequest => ({
  model: 'bench/agents',
  system: system.map((text) => ({ type: 'text', text })),
  messages,
  stream: false,
  extra: {},
});

describe('transcriptPrompt', () => {
  it('keeps text, tool calls and results as they are, joins the system parts, and drops signatures and wire extras', () => {
    const prompt = transcriptPrompt(
      request(
        [
          { role: 'user', content: [{ type: 'text', text: 'hi', extra: { cache_control: { type: 'ephemeral' } } }] },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'think', signature: 'sig' },
              { type: 'tool-call', id: 't1', name: 'read', arguments: '{}' },
            ],
          },
          { role: 'tool', content: [{ type: 'tool-result', callId: 't1', content: [{ type: 'text', text: 'done' }], isError: true }] },
        ],
        ['be brief', 'be kind'],
      ),
    );
    expect(prompt).toEqual({
      system: 'be brief\n\nbe kind',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'think' },
            { type: 'tool-call', id: 't1', name: 'read', arguments: '{}' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', callId: 't1', isError: true, content: [{ type: 'text', text: 'done' }] }] },
      ],
    });
  });

  it('reduces images and files to their media type and size (base64 or data URLs), keeps a plain URL, and says no system as null', () => {
    const png = Buffer.alloc(1001, 1).toString('base64'); // 1001 bytes: padding
    const prompt = transcriptPrompt(
      request([
        {
          role: 'user',
          content: [
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: png } },
            { type: 'image', source: { kind: 'url', url: `data:image/jpeg;base64,${png}` } },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' } },
            { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: png }, filename: 'a.pdf' },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', callId: 't', content: [{ type: 'image', source: { kind: 'base64', mediaType: 'image/gif', data: png } }] }],
        },
      ]),
    );
    expect(prompt.system).toBeNull();
    expect(prompt.messages[0]!.content).toEqual([
      { type: 'image', mediaType: 'image/png', bytes: 1001 },
      { type: 'image', mediaType: 'image/jpeg', bytes: 1001 },
      { type: 'image', url: 'https://example.com/cat.png' },
      { type: 'file', mediaType: 'application/pdf', bytes: 1001, filename: 'a.pdf' },
    ]);
    expect(prompt.messages[1]!.content[0]).toMatchObject({ content: [{ type: 'image', mediaType: 'image/gif', bytes: 1001 }] });
    expect(JSON.stringify(prompt)).not.toContain(png.slice(0, 50));
  });
});
