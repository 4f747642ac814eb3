// Runs a feed in the cluster: one process at a time (the `sports-feed` lease) polls it
// every second, applies what it says and tells the sports pages' sockets of every instance
// what changed. The ingest is idempotent besides, so a message read twice around a takeover
// is stored and settled once.
import type { ServerContext } from '../context.ts';
import { runOncePerCluster } from '../games/schedule.ts';
import type { FeedAdapter } from './feed/types.ts';
import { ingest, type SportsUpdate } from './ingest.ts';

export const FEED_POLL_MS = 1000;

export function startSportsFeed(ctx: ServerContext, feed: FeedAdapter, tell: (update: SportsUpdate) => void, everyMs = FEED_POLL_MS): () => Promise<void> {
  return runOncePerCluster(ctx, 'sports-feed', everyMs, async () => {
    const update = await ingest(ctx, await feed.poll());
    if (update.odds.length > 0 || update.events.length > 0) tell(update);
  });
}
