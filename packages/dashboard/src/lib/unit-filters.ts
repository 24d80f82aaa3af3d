import type { UnitFilter } from '../api/bench-api';
import type { FilterField } from '../components/filter-form';
import { apiFilterOf, filterOf } from './list-filter';
import { useFilterOptions } from './use-filter-options';
import type { Location } from './router';

const FIELDS = ['collection', 'model', 'keyName', 'verdict', 'from', 'to'] as const;

/**
 * The filters of the panels and the conversations, read from the page's URL: what the form shows, what the API is
 * sent, a key that changes with them (paging starts again), and the form's fields.
 */
export function useUnitFilters(location: Location, modelLabel: string): { filter: UnitFilter; apiFilter: UnitFilter; key: string; fields: FilterField[] } {
  const options = useFilterOptions();
  const filter: UnitFilter = filterOf(location.query, FIELDS);
  const fields: FilterField[] = [
    { name: 'collection', label: 'Collection', kind: 'select', options: options.collections },
    { name: 'model', label: modelLabel, kind: 'select', options: options.models },
    { name: 'keyName', label: 'Key', kind: 'text', placeholder: 'key name' },
    {
      name: 'verdict',
      label: 'Verdict',
      kind: 'select',
      options: [
        { value: 'given', label: 'has a verdict' },
        { value: 'needed', label: 'needs one' },
      ],
    },
    { name: 'from', label: 'From', kind: 'time' },
    { name: 'to', label: 'To', kind: 'time' },
  ];
  return { filter, apiFilter: apiFilterOf(filter), key: JSON.stringify(filter), fields };
}
