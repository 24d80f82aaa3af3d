import type { RequestState } from '../request-state';
import type { LiveFeed } from '../live/live-feed';
import { DashboardParams } from './dashboard-params';

/** A quiet stream gets a comment this often, so proxies and browsers keep it open. */
export const EVENTS_KEEP_ALIVE_MS = 15_000;

/** `GET /bench/events`: each call, turn and verdict as it is recorded, as server-sent events (see docs/dashboard-api.md). */
export async function handleDashboardEvents(state: RequestState, feed: LiveFeed): Promise<void> {
  new DashboardParams(state.url.searchParams, []);
  const stream = state.reply.stream(
    200,
    { 'content-type': 'text/event-stream; charset=utf-8' },
    { flush: true, keepAlive: ': keep-alive\n\n', keepAliveMs: EVENTS_KEEP_ALIVE_MS },
  );
  // The reconnection delay, and a first comment so that the reader sees the stream open at once.
  void stream.write('retry: 3000\n: connected\n\n');
  await feed.follow(stream, new Promise<void>((resolve) => state.presence.onLeave(resolve)));
}
