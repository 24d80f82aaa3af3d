import { useState } from 'preact/hooks';
import type { ConfigEdit } from '../api/config-api';

type Declared = 'yes' | 'no' | '';

const declared = (value: unknown): Declared => (value === true ? 'yes' : value === false ? 'no' : '');

/** A model's declared capabilities: tool calling and vision (undeclared leaves it to the catalog). */
export function ModelEditor({ alias, written, saving, onSave }: { alias: string; written: Record<string, unknown>; saving: boolean; onSave: (edits: ConfigEdit[]) => void }) {
  const [tools, setTools] = useState<Declared>(declared(written.tools));
  const [vision, setVision] = useState<Declared>(declared(written.vision));

  const submit = (event: Event) => {
    event.preventDefault();
    const edits: ConfigEdit[] = [];
    const field = (name: 'tools' | 'vision', value: Declared) => {
      if (value === declared(written[name])) return;
      edits.push(value === '' ? { path: ['models', alias, name] } : { path: ['models', alias, name], value: value === 'yes' });
    };
    field('tools', tools);
    field('vision', vision);
    if (edits.length > 0) onSave(edits);
  };

  const choice = (name: string, label: string, value: Declared, set: (v: Declared) => void) => (
    <label>
      {label}
      <select name={name} value={value} onChange={(e) => set(e.currentTarget.value as Declared)}>
        <option value="">undeclared</option>
        <option value="yes">yes</option>
        <option value="no">no</option>
      </select>
    </label>
  );

  return (
    <form class="editor editor-inline" onSubmit={submit} aria-label={`Edit model ${alias}`} data-model-editor={alias}>
      {choice('tools', 'Tool calling', tools, setTools)}
      {choice('vision', 'Vision', vision, setVision)}
      <button type="submit" disabled={saving}>
        Save {alias}
      </button>
    </form>
  );
}
