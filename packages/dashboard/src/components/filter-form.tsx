import type { ComponentChildren } from 'preact';
import type { ListFilter } from '../lib/list-filter';
import { href, navigate } from '../lib/router';

export type FilterOption = string | { value: string; label: string };

export type FilterField =
  | { name: string; label: string; kind: 'select'; options: FilterOption[] }
  | { name: string; label: string; kind: 'text'; placeholder?: string }
  | { name: string; label: string; kind: 'time' };

function FilterControl({ field, value }: { field: FilterField; value: string }) {
  const id = `filter-${field.name}`;
  if (field.kind === 'text') return <input id={id} name={field.name} type="text" defaultValue={value} placeholder={field.placeholder} />;
  if (field.kind === 'time') return <input id={id} name={field.name} type="datetime-local" defaultValue={value} />;
  return (
    <select id={id} name={field.name}>
      <option value="">any</option>
      {field.options.map((option) => {
        const choice = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={choice.value} value={choice.value} selected={value === choice.value}>
            {choice.label}
          </option>
        );
      })}
    </select>
  );
}

/**
 * A list's filters as a plain form, its fields uncontrolled (a re-render while someone picks, as live events bring
 * one, must not undo their choice; the page keys the form by its filter so that a new URL resets it): every field labelled, Enter or Apply puts them in the URL (replacing the entry, so
 * Back leaves the page), Clear drops them. `children` are extra fields the page reads itself (the calls' page size).
 */
export function FilterForm({
  path,
  title,
  fields,
  filter,
  extra,
  children,
}: {
  path: string;
  title: string;
  fields: FilterField[];
  filter: ListFilter;
  /** Reads the extra fields' values from the form into the query. */
  extra?: (form: FormData) => Record<string, string>;
  children?: ComponentChildren;
}) {
  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query: Record<string, string> = {};
    for (const field of fields) {
      const value = String(form.get(field.name) ?? '').trim();
      if (value) query[field.name] = value;
    }
    navigate(href(path, { ...query, ...extra?.(form) }), { replace: true });
  };
  return (
    <form class="filters" onSubmit={apply} aria-label={title}>
      {fields.map((field) => (
        <div key={field.name} class="filter-field">
          <label htmlFor={`filter-${field.name}`}>{field.label}</label>
          <FilterControl field={field} value={filter[field.name] ?? ''} />
        </div>
      ))}
      {children}
      <div class="filter-actions">
        <button type="submit" class="primary">
          Apply
        </button>
        <a class="button" href={href(path)}>
          Clear
        </a>
      </div>
    </form>
  );
}
