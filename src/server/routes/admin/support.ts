// Staff's side of support: read the inbox, answer a contact message or a chat.
import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import { replySupportParams, supportThreadParams, supportThreadsParams } from '../../../shared/schemas/contact.ts';
import type { AuthEnv } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody, refusal } from '../../http.ts';
import { listThreads, replyToThread, threadWithPosts } from '../../support/inbox.ts';

export function adminSupportRoutes(ctx: ServerContext) {
  const db = ctx.database.db;
  return new Hono<AuthEnv>()
    .post('/get_support_threads', async (c) => {
      const { status } = await parseBody(c, supportThreadsParams);
      return c.json({ status: 1, threads: await listThreads(db, { status }) } satisfies Reply<'admin/get_support_threads'>);
    })
    .post('/get_support_thread', async (c) => {
      const { id } = await parseBody(c, supportThreadParams);
      const found = await threadWithPosts(db, id);
      return c.json((found ? { status: 1, ...found } : refusal('message_not_found')) satisfies Reply<'admin/get_support_thread'>);
    })
    .post('/reply_player_message', async (c) => {
      const { id, text } = await parseBody(c, replySupportParams);
      const staffId = c.get('player').playerId;
      const reply = await replyToThread(ctx, id, text, staffId);
      if (!reply.ok) return c.json(refusal('message_not_found'));
      c.get('log').info({ staff: staffId, thread: id }, 'support reply sent');
      return c.json({ status: 1 } satisfies Reply<'admin/reply_player_message'>);
    });
}
