import { useState } from 'preact/hooks';
import type { ConfigEdit } from '../api/config-api';

type Json = Record<string, unknown>;

const REPLIES = ['all', 'merged', 'route'];
const ORDERS = ['record', 'listed', 'learned'];

interface Props {
  name: string;
  /** The collection as the file writes it. */
  written: Json;
  models: string[];
  shapes: string[];
  saving: boolean;
  onSave: (edits: ConfigEdit[]) => void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Members (which, and in what order), reply mode, merger, order and shape of one collection. */
export function CollectionEditor({ name, written, models, shapes, saving, onSave }: Props) {
  const initialMembers = Array.isArray(written.members) ? (written.members as string[]) : [];
  const [members, setMembers] = useState<string[]>(initialMembers);
  const [reply, setReply] = useState(text(written.reply));
  const [merger, setMerger] = useState(text(written.merger));
  const [order, setOrder] = useState(text(written.order));
  const [shape, setShape] = useState(text(written.shape));
  const id = (field: string) => `edit-${name}-${field}`;

  const toggle = (alias: string, on: boolean) => setMembers((list) => (on ? [...list, alias] : list.filter((m) => m !== alias)));
  const move = (index: number, by: number) =>
    setMembers((list) => {
      const next = [...list];
      const [taken] = next.splice(index, 1);
      next.splice(index + by, 0, taken!);
      return next;
    });

  const edits = (): ConfigEdit[] => {
    const path = (field: string) => ['collections', name, field];
    const changes: ConfigEdit[] = [];
    if (JSON.stringify(members) !== JSON.stringify(initialMembers)) changes.push({ path: path('members'), value: members });
    const scalar = (field: string, value: string) => {
      if (value !== text(written[field])) changes.push(value ? { path: path(field), value } : { path: path(field) });
    };
    scalar('reply', reply);
    scalar('merger', merger);
    scalar('order', order);
    scalar('shape', shape);
    return changes;
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const changes = edits();
    if (changes.length > 0) onSave(changes);
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
        {select('reply', 'Reply mode', reply, setReply, REPLIES, 'default (all)')}
        {select('merger', 'Merger', merger, setMerger, models, 'none')}
        {select('order', 'Order', order, setOrder, ORDERS, 'default (record)')}
        {select('shape', 'Shape', shape, setShape, shapes, 'none (general, or the shaper)')}
      </div>
      <button type="submit" class="primary" disabled={saving}>
        Save {name}
      </button>
    </form>
  );
}
