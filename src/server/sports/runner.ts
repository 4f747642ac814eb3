// Runs a feed in a server process: polls it every second, applies what it says, and
// tells the sports pages' sockets what changed. Each process runs its own feed and tells
// only its own sockets; the ingest is idempotent, so processes sharing a database store
// and settle each message once.
import type { ServerContext } from '../context.ts';
import type { FeedAdapter } from './feed/types.ts';
import { ingest, type SportsUpdate } from './ingest.ts';

export const FEED_POLL_MS = 1000;

export function startSportsFeed(ctx: ServerContext, feed: FeedAdapter, tell: (update: SportsUpdate) => void, everyMs = FEED_POLL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = (async () => {
      try {
        const update = await ingest(ctx, await feed.poll());
        if (update.odds.length > 0 || update.events.length > 0) tell(update);
      } catch (error) {
        ctx.logger.error({ err: error, feed: feed.name }, 'sports feed failed');
      } finally {
        busy = false;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
