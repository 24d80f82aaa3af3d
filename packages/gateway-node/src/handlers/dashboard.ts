import { CALL_PURPOSES } from '@bench/ledger';
import { EngineError, MAX_PANELS, OVERVIEW_RANGES, VERDICT_FILTERS, type Engine } from '@bench/engine';
import { MAX_PAGE } from '@bench/ledger';
import type { RequestState } from '../request-state';
import { DashboardParams } from './dashboard-params';

// `keyName`, not `key`: `?key=` is a key in the URL (Gemini's), which these routes refuse.
const CALL_FILTERS = ['collection', 'model', 'keyName', 'status', 'purpose', 'from', 'to', 'limit', 'cursor'];
// Panels and conversations: `model` is a member of any seat or turn, `verdict` is `given` or `needed`.
const UNIT_FILTERS = ['collection', 'model', 'keyName', 'verdict', 'from', 'to', 'limit', 'cursor'];

/** `GET /bench/<view>[/<id>]`: the dashboard's JSON, each view an engine call (see docs/dashboard-api.md). */
export async function handleDashboard(state: RequestState, engine: Engine): Promise<void> {
  const { dashboard } = engine;
  const query = state.url.searchParams;
  const id = state.route.pathId ?? '';
  const reply = (object: string, body: object) => state.reply.json(200, { object: `bench.${object}`, ...body });
  switch (state.route.view) {
    case 'overview': {
      const params = new DashboardParams(query, ['range', 'collection']);
      const range = params.oneOf('range', OVERVIEW_RANGES);
      const collection = params.text('collection');
      return reply('overview', await dashboard.overview({ ...(range ? { range } : {}), ...(collection !== undefined ? { collection } : {}) }));
    }
    case 'collections':
      new DashboardParams(query, []);
      return reply('collections', { collections: await dashboard.collections() });
    case 'calls': {
      const params = new DashboardParams(query, CALL_FILTERS);
      const fields = {
        collection: params.text('collection'),
        model: params.text('model'),
        key: params.text('keyName'),
        status: params.text('status'),
        purpose: params.oneOf('purpose', CALL_PURPOSES),
        limit: params.integer('limit', 1, MAX_PAGE),
        cursor: params.text('cursor'),
        ...params.range(),
      };
      return reply('calls', await dashboard.calls(defined(fields)));
    }
    case 'call':
      new DashboardParams(query, []);
      return reply('call', await dashboard.call(id));
    case 'conversations': {
      const params = new DashboardParams(query, UNIT_FILTERS);
      const fields = { ...unitFilters(params), limit: params.integer('limit', 1, MAX_PAGE) };
      return reply('conversations', await dashboard.conversations(defined(fields)));
    }
    case 'conversation':
      new DashboardParams(query, []);
      return reply('conversation', await dashboard.conversation(id));
    case 'panels': {
      const params = new DashboardParams(query, UNIT_FILTERS);
      const fields = { ...unitFilters(params), limit: params.integer('limit', 1, MAX_PANELS) };
      return reply('panels', await dashboard.panels(defined(fields)));
    }
    case 'panel':
      new DashboardParams(query, []);
      return reply('panel', await dashboard.panel(id));
    case 'models':
      new DashboardParams(query, []);
      return reply('models', { shapes: engine.config.shapes, models: await dashboard.models() });
    case undefined:
      throw new EngineError(404, 'not-found', `no dashboard view at ${state.url.pathname}`);
    default: {
      const unreachable: never = state.route.view;
      return unreachable;
    }
  }
}

/** What panels and conversations are filtered by. */
function unitFilters(params: DashboardParams) {
  return {
    collection: params.text('collection'),
    model: params.text('model'),
    key: params.text('keyName'),
    verdict: params.oneOf('verdict', VERDICT_FILTERS),
    cursor: params.text('cursor'),
    ...params.range(),
  };
}

/** The fields that were given (a query's optional fields are absent, not undefined). */
function defined<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as never;
}
