import { describe, expect, it } from 'vitest';
import { NoSeatError } from './errors/no-seat-error';
import { PanelInputError } from './errors/panel-input-error';
import type { PanelMember } from './panel-member';
import { seatMembers } from './seat-members';
import { ask, askWith, collection, thrown } from './test-helpers';

const member = (alias: string, more: Partial<PanelMember> = {}): PanelMember => ({
  alias,
  target: { alias, api: 'openai-chat', baseURL: 'http://127.0.0.1:9/v1', model: alias },
  ...more,
});
const models = {
  m1: member('m1'),
  m2: member('m2', { retired: { at: '2026-01-01', why: 'too slow' } }),
  m3: member('m3', { adHoc: true }),
  m4: member('m4', { contextWindow: 10 }),
  m5: member('m5', { vision: true, role: 'vision' }),
  m6: member('m6'),
  m7: member('m7', { vision: true }),
  m8: member('m8', { vision: false }),
};
const aliases = (members: PanelMember[]) => members.map((m) => m.alias);

describe('seatMembers', () => {
  it('skips the retired, the ad hoc, the vision specialist and the too small, each with why', () => {
    const { seats, skipped } = seatMembers({ collection: collection(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']), models, request: ask('x'.repeat(200)) });
    expect(aliases(seats)).toEqual(['m1', 'm6']);
    expect(skipped).toEqual([
      { seat: 2, alias: 'm2', why: 'retired since 2026-01-01: too slow' },
      { seat: 3, alias: 'm3', why: 'ad hoc (seated only when the request names it in bench.with)' },
      { seat: 4, alias: 'm4', why: "context window 10 tokens is under the request's estimated 54" },
      { seat: 5, alias: 'm5', why: 'a vision specialist and the request has no images or documents' },
    ]);
  });

  it('skips before the maxCalls cap, so the next member still sits', () => {
    const { seats, skipped } = seatMembers({
      collection: collection(['m2', 'm1', 'm3', 'm6', 'm7'], { maxCalls: 2, maxExplorers: 0 }),
      models,
      request: ask(),
    });
    expect(aliases(seats)).toEqual(['m1', 'm6']);
    expect(skipped.map((s) => [s.alias, s.why.split(' (')[0]])).toEqual([
      ['m2', 'retired since 2026-01-01: too slow'],
      ['m3', 'ad hoc'],
      ['m7', "over the collection's maxCalls"],
    ]);
  });

  it('seats `with` after the members, once each; an ad hoc model named there sits, a retired one does not', () => {
    const { seats, skipped } = seatMembers({ collection: collection(['m1']), models, request: ask(), with: ['m3', 'm1', 'm2'] });
    expect(aliases(seats)).toEqual(['m1', 'm3']);
    expect(skipped).toEqual([{ seat: 3, alias: 'm2', why: 'retired since 2026-01-01: too slow' }]);
  });

  it('refuses an unknown alias in `with`, naming the entry', () => {
    const error = thrown(() => seatMembers({ collection: collection(['m1']), models, request: ask(), with: ['m1', 'm99'] }));
    expect(PanelInputError.isInstance(error) && [error.status, error.message]).toEqual([400, 'bench.with[1]: unknown model "m99"']);
  });

  it('seats only members that read images when the request has one', () => {
    const request = askWith([
      { type: 'text', text: 'what is this?' },
      { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
    ]);
    const { seats, skipped } = seatMembers({ collection: collection(['m1', 'm5', 'm7', 'm8']), models, request });
    expect(aliases(seats)).toEqual(['m5', 'm7']);
    expect(skipped.map((s) => s.alias)).toEqual(['m1', 'm8']);
    expect(skipped[0]?.why).toContain('set "vision": true');
    expect(skipped[1]?.why).toContain('vision: false');
  });

  it('seats only members that read images when the request has a document (a PDF, read as page images), also inside a tool result', () => {
    const pdf = { type: 'file' as const, source: { kind: 'base64' as const, mediaType: 'application/pdf', data: 'JVBERi0x' } };
    for (const content of [[pdf], [{ type: 'tool-result' as const, callId: 'c1', content: [pdf] }]]) {
      const { seats, skipped } = seatMembers({ collection: collection(['m1', 'm5', 'm7', 'm8']), models, request: askWith(content) });
      expect(aliases(seats)).toEqual(['m5', 'm7']);
      expect(skipped.map((s) => s.why)).toEqual([
        'the request has documents (PDFs are read as page images) and the model does not declare vision (set "vision": true in its config if it reads documents)',
        'cannot read documents (vision: false) and the request has documents (PDFs are read as page images)',
      ]);
    }
  });

  it('does not seat an Ollama member for a document, vision or not: its protocol carries none', () => {
    const llava = member('llava', { vision: true, target: { alias: 'llava', api: 'ollama', baseURL: 'http://127.0.0.1:9', model: 'llava' } });
    const pdf = { type: 'file' as const, source: { kind: 'base64' as const, mediaType: 'application/pdf', data: 'JVBERi0x' } };
    const { seats, skipped } = seatMembers({ collection: collection(['llava', 'm7']), models: { ...models, llava }, request: askWith([pdf]) });
    expect(aliases(seats)).toEqual(['m7']);
    expect(skipped).toEqual([{ seat: 1, alias: 'llava', why: 'cannot be sent documents (the ollama protocol carries none) and the request has documents' }]);
    const image = { type: 'image' as const, source: { kind: 'url' as const, url: 'https://x/y.png' } };
    expect(aliases(seatMembers({ collection: collection(['llava']), models: { llava }, request: askWith([image]) }).seats)).toEqual(['llava']);
  });

  it('is a 413 when every member is too small, a 400 otherwise', () => {
    const small = thrown(() => seatMembers({ collection: collection(['m4']), models, request: ask('x'.repeat(200)) }));
    expect(NoSeatError.isInstance(small) && small.status).toBe(413);
    const none = thrown(() => seatMembers({ collection: collection(['m2', 'm3']), models, request: ask() }));
    expect(NoSeatError.isInstance(none) && none.status).toBe(400);
    expect((none as Error).message).toContain('m2: retired since 2026-01-01: too slow');
  });
});
