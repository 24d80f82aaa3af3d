import type { Engine } from '@bench/engine';
import type { RequestState } from '../request-state';
import { DashboardParams } from './dashboard-params';

const TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' } as const;

/** `GET /bench/calls/export?format=csv|jsonl&from&to`: the calls as `bench-gateway export` writes them, as a download. */
export async function handleDashboardExport(state: RequestState, engine: Engine): Promise<void> {
  const params = new DashboardParams(state.url.searchParams, ['format', 'from', 'to']);
  const format = params.oneOf('format', ['csv', 'jsonl'] as const) ?? 'jsonl';
  const chunks = engine.dashboard.exportCalls({ format, ...params.range() });
  const headers = { 'content-type': TYPES[format], 'content-disposition': `attachment; filename="bench-calls.${format}"` };
  const stream = state.reply.stream(200, headers, { flush: false, keepAlive: undefined, keepAliveMs: 0 });
  try {
    for await (const chunk of chunks) {
      if (stream.isClosed) break;
      await stream.write(chunk);
    }
  } finally {
    stream.end();
  }
}
