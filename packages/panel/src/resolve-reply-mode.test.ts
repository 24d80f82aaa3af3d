import { describe, expect, it } from 'vitest';
import { PanelInputError } from './errors/panel-input-error';
import { resolveReplyMode } from './resolve-reply-mode';
import { thrown } from './test-helpers';

describe('resolveReplyMode', () => {
  it('takes body bench.reply over the suffix over the collection', () => {
    expect(resolveReplyMode({ body: { reply: 'merged' }, suffix: 'all', collection: 'route' })).toBe('merged');
    expect(resolveReplyMode({ body: { with: ['m3'] }, suffix: 'all', collection: 'merged' })).toBe('all');
    expect(resolveReplyMode({ suffix: 'route', collection: 'all' })).toBe('route');
    expect(resolveReplyMode({ body: undefined, suffix: '', collection: 'merged' })).toBe('merged');
  });

  it('refuses an unknown bench.reply with a 400 naming the field', () => {
    const error = thrown(() => resolveReplyMode({ body: { reply: 'best' }, collection: 'all' }));
    expect(PanelInputError.isInstance(error) && error.status).toBe(400);
    expect(PanelInputError.isInstance(error) && error.field).toBe('bench.reply');
    expect((error as Error).message).toBe('bench.reply: must be one of all, merged, route, got "best"');
  });

  it('refuses a bench field that is not an object, and an unknown suffix as a 404', () => {
    expect(PanelInputError.isInstance(thrown(() => resolveReplyMode({ body: 'merged', collection: 'all' })))).toBe(true);
    const error = thrown(() => resolveReplyMode({ suffix: 'best', collection: 'all' }));
    expect(PanelInputError.isInstance(error) && error.status).toBe(404);
  });
});
