import type { ConfigEdit } from '../api/config-api';

/** What the collection editor's form holds; `''` means "not written" (the default applies). */
export interface CollectionForm {
  members: string[];
  reply: string;
  merger: string;
  order: string;
  shape: string;
}

const SCALARS = ['reply', 'merger', 'order', 'shape'] as const;

const written = (value: unknown): string => (typeof value === 'string' ? value : '');

export function collectionFormOf(collection: Record<string, unknown>): CollectionForm {
  return {
    members: Array.isArray(collection.members) ? collection.members.filter((m): m is string => typeof m === 'string') : [],
    reply: written(collection.reply),
    merger: written(collection.merger),
    order: written(collection.order),
    shape: written(collection.shape),
  };
}

/** The edits that turn the file's collection into the form: only the fields that changed; a field emptied is removed. */
export function collectionEdits(name: string, collection: Record<string, unknown>, form: CollectionForm): ConfigEdit[] {
  const before = collectionFormOf(collection);
  const path = (field: string) => ['collections', name, field];
  const edits: ConfigEdit[] = [];
  if (form.members.join('\n') !== before.members.join('\n')) edits.push({ path: path('members'), value: form.members });
  for (const field of SCALARS) {
    if (form[field] === before[field]) continue;
    edits.push(form[field] ? { path: path(field), value: form[field] } : { path: path(field) });
  }
  return edits;
}
