// Contacting support: the contact form, the chat widget's calls and the mail box.
import { Hono } from 'hono';
import { chatHistoryParams, chatSendParams, contactParams, playerMessagesParams, readPlayerMessageParams } from '../../../shared/schemas/contact.ts';
import { optionalPlayer, requirePlayer } from '../../auth/middleware.ts';
import { LIMITS } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody, refusal } from '../../http.ts';
import { chatHistory, fileContactMessage, sendChat } from '../../support/inbox.ts';
import { listPlayerMessages, readPlayerMessage } from '../../support/mailbox.ts';
import { tooManyAttempts } from './auth.ts';

export function supportRoutes(ctx: ServerContext) {
  const db = ctx.database.db;
  return (
    new Hono<AppEnv>()
      // A guest may write too; with a valid token the message is filed under that player.
      .post('/player_send_message', optionalPlayer(ctx), async (c) => {
        const message = await parseBody(c, contactParams);
        const filed = await fileContactMessage(ctx, message, c.get('player')?.playerId, c.get('clientIp'));
        return filed ? c.json({ status: 1 }) : tooManyAttempts(c, LIMITS.contactPerIp.windowSeconds);
      })
      .post('/get_player_messages', requirePlayer(ctx), async (c) => {
        const { page, limit } = await parseBody(c, playerMessagesParams);
        const { count, rows, unread } = await listPlayerMessages(db, c.get('player').playerId, page, limit);
        return c.json({ status: 1, playerMessages: { count, rows }, unread });
      })
      .post('/read_player_message', requirePlayer(ctx), async (c) => {
        const { id } = await parseBody(c, readPlayerMessageParams);
        const message = await readPlayerMessage(db, c.get('player').playerId, id);
        return c.json(message ? { status: 1, playerMessage: message } : refusal('message_not_found'));
      })
      .post('/chat_send', optionalPlayer(ctx), async (c) => {
        const { text, chatId } = await parseBody(c, chatSendParams);
        const sent = await sendChat(ctx, text, c.get('player')?.playerId, chatId, c.get('clientIp'));
        if (!sent.ok) return tooManyAttempts(c, LIMITS.chatPerIp.windowSeconds);
        return c.json({ status: 1, chatId: sent.chatId, chatMessage: sent.message });
      })
      .post('/chat_history', optionalPlayer(ctx), async (c) => {
        const { chatId, after } = await parseBody(c, chatHistoryParams);
        return c.json({ status: 1, chatMessages: await chatHistory(db, c.get('player')?.playerId, chatId, after) });
      })
  );
}
