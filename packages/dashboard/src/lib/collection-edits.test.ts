import { describe, expect, it } from 'vitest';
import { collectionEdits, collectionFormOf } from './collection-edits';

const written = { members: ['m1', 'm2', 'm3'], reply: 'merged', merger: 'm3', timeouts: { firstTokenMs: 1000 } };

describe('collectionEdits', () => {
  it('asks for nothing when the form is what the file says', () => {
    expect(collectionEdits('core', written, collectionFormOf(written))).toEqual([]);
  });

  it('writes a new member order as the whole list', () => {
    const form = { ...collectionFormOf(written), members: ['m2', 'm1', 'm3'] };
    expect(collectionEdits('core', written, form)).toEqual([{ path: ['collections', 'core', 'members'], value: ['m2', 'm1', 'm3'] }]);
  });

  it('writes a changed field, and removes a field emptied (so its default applies), leaving the others alone', () => {
    const form = { ...collectionFormOf(written), reply: 'all', merger: '', order: 'listed' };
    expect(collectionEdits('core', written, form)).toEqual([
      { path: ['collections', 'core', 'reply'], value: 'all' },
      { path: ['collections', 'core', 'merger'] },
      { path: ['collections', 'core', 'order'], value: 'listed' },
    ]);
  });

  it('passes an empty member list on, for the gateway to refuse with its reason', () => {
    const form = { ...collectionFormOf(written), members: [] };
    expect(collectionEdits('core', written, form)).toEqual([{ path: ['collections', 'core', 'members'], value: [] }]);
  });
});
