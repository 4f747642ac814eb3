// Staff's side of support: read the inbox, answer a contact message or a chat.
import { Hono } from 'hono';
import { z } from '../../../shared/schemas/common.ts';
import { replySupportParams, rowId } from '../../../shared/schemas/contact.ts';
import type { AuthEnv } from '../../auth/middleware.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody, refusal } from '../../http.ts';
import { listThreads, replyToThread, threadWithPosts } from '../../support/inbox.ts';

const listParams = z.object({ status: z.enum(['pending', 'answered', 'all']).default('pending') }).loose();

export function adminSupportRoutes(ctx: ServerContext) {
  const db = ctx.database.db;
  return new Hono<AuthEnv>()
    .post('/get_support_threads', async (c) => {
      const { status } = await parseBody(c, listParams);
      return c.json({ status: 1, threads: await listThreads(db, { status }) });
    })
    .post('/get_support_thread', async (c) => {
      const { id } = await parseBody(c, z.object({ id: rowId }));
      const found = await threadWithPosts(db, id);
      return c.json(found ? { status: 1, ...found } : refusal('message_not_found'));
    })
    .post('/reply_player_message', async (c) => {
      const { id, text } = await parseBody(c, replySupportParams);
      const staffId = c.get('player').playerId;
      const reply = await replyToThread(ctx, id, text, staffId);
      if (!reply.ok) return c.json(refusal('message_not_found'));
      c.get('log').info({ staff: staffId, thread: id }, 'support reply sent');
      return c.json({ status: 1 });
    });
}
