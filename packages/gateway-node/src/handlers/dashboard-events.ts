import type { RequestState } from '../request-state';
import type { LiveFeed } from '../live/live-feed';
import { DashboardParams } from './dashboard-params';

/** `GET /bench/events`: each call, turn and verdict as it is recorded, as server-sent events (see docs/dashboard-api.md). */
export async function handleDashboardEvents(state: RequestState, feed: LiveFeed, keepAliveMs: number): Promise<void> {
  new DashboardParams(state.url.searchParams, []);
  const stream = state.reply.stream(
    200,
    { 'content-type': 'text/event-stream; charset=utf-8' },
    // A quiet stream gets a comment as other streams get keep-alives, so proxies and browsers keep it open.
    { flush: true, keepAlive: ': keep-alive\n\n', keepAliveMs },
  );
  // The reconnection delay, and a first comment so that the reader sees the stream open at once.
  void stream.write('retry: 3000\n: connected\n\n');
  await feed.follow(stream, new Promise<void>((resolve) => state.presence.onLeave(resolve)));
}
