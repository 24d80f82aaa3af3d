import { useState } from 'preact/hooks';
import type { ConfigEdit } from '../api/config-api';
import { type CollectionForm, collectionEdits, collectionFormOf } from '../lib/collection-edits';

const REPLIES = ['all', 'merged', 'route'];
const ORDERS = ['record', 'listed', 'learned'];

interface Props {
  name: string;
  /** The collection as the file writes it. */
  written: Record<string, unknown>;
  models: string[];
  shapes: string[];
  saving: boolean;
  onSave: (edits: ConfigEdit[]) => void;
}

/** Members (which, and in what order), reply mode, merger, order and shape of one collection. */
export function CollectionEditor({ name, written, models, shapes, saving, onSave }: Props) {
  const [form, setForm] = useState<CollectionForm>(() => collectionFormOf(written));
  const { members } = form;
  const id = (field: string) => `edit-${name}-${field}`;
  const set = (field: keyof Omit<CollectionForm, 'members'>) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const setMembers = (change: (list: string[]) => string[]) => setForm((f) => ({ ...f, members: change(f.members) }));

  const toggle = (alias: string, on: boolean) => setMembers((list) => (on ? [...list, alias] : list.filter((m) => m !== alias)));
  const move = (index: number, by: number) =>
    setMembers((list) => {
      const next = [...list];
      const [taken] = next.splice(index, 1);
      next.splice(index + by, 0, taken!);
      return next;
    });

  const submit = (event: Event) => {
    event.preventDefault();
    const edits = collectionEdits(name, written, form);
    if (edits.length > 0) onSave(edits);
  };

  const select = (field: string, label: string, value: string, set: (v: string) => void, options: string[], none: string) => (
    <label for={id(field)}>
      {label}
      <select id={id(field)} value={value} onChange={(e) => set(e.currentTarget.value)}>
        <option value="">{none}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );

  const unlisted = models.filter((alias) => !members.includes(alias));
  return (
    <form class="editor" onSubmit={submit} aria-label={`Edit collection ${name}`} data-editor={name}>
      <fieldset>
        <legend>Members, in order</legend>
        <ol class="member-order">
          {members.map((alias, index) => (
            <li key={alias}>
              <label>
                <input type="checkbox" checked onChange={() => toggle(alias, false)} /> {alias}
              </label>
              <span class="row-actions">
                <button type="button" aria-label={`Move ${alias} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </button>
                <button type="button" aria-label={`Move ${alias} down`} disabled={index === members.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
        {unlisted.length > 0 ? (
          <ul class="member-add">
            {unlisted.map((alias) => (
              <li key={alias}>
                <label>
                  <input type="checkbox" checked={false} onChange={() => toggle(alias, true)} /> {alias}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <div class="editor-fields">
        {select('reply', 'Reply mode', form.reply, set('reply'), REPLIES, 'default (all)')}
        {select('merger', 'Merger', form.merger, set('merger'), models, 'none')}
        {select('order', 'Order', form.order, set('order'), ORDERS, 'default (record)')}
        {select('shape', 'Shape', form.shape, set('shape'), shapes, 'none (general, or the shaper)')}
      </div>
      <button type="submit" class="primary" disabled={saving}>
        Save {name}
      </button>
    </form>
  );
}
