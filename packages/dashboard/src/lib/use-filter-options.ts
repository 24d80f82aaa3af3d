import { benchApi } from '../api/bench-api';
import { useResource } from './use-resource';

/** The collections and models a list can be filtered by, as the gateway runs them now. */
export function useFilterOptions(): { collections: string[]; models: string[] } {
  const models = useResource(() => benchApi.models(), []);
  const collections = useResource(() => benchApi.collections(), []);
  return { collections: collections.data?.map((c) => c.name) ?? [], models: models.data?.models.map((m) => m.alias) ?? [] };
}
