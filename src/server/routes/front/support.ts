// Contacting support: the contact form, the chat widget's calls and the mail box.
import type { Reply } from '../../../shared/contract/index.ts';
import { Hono } from 'hono';
import {
  chatEmailParams,
  chatHistoryParams,
  chatSendParams,
  contactParams,
  playerMessagesParams,
  readPlayerMessageParams,
} from '../../../shared/schemas/contact.ts';
import { optionalLivePlayer, optionalPlayer, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import { LIMITS } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { type AppEnv, parseBody, refusal, tooManyAttempts } from '../../http.ts';
import { chatHistory, fileContactMessage, sendChat, setChatEmail } from '../../support/inbox.ts';
import { listPlayerMessages, readPlayerMessage } from '../../support/mailbox.ts';

export function supportRoutes(ctx: ServerContext) {
  const db = ctx.database.db;
  return (
    new Hono<AppEnv>()
      // A guest may write too; with a valid token the message is filed under that player.
      .post('/player_send_message', optionalLivePlayer(ctx), async (c) => {
        const message = await parseBody(c, contactParams);
        const filed = await fileContactMessage(ctx, message, c.get('player')?.playerId, c.get('clientIp'));
        return filed ? c.json({ status: 1 } satisfies Reply<'front/player_send_message'>) : tooManyAttempts(c, LIMITS.contactPerIp.windowSeconds);
      })
      .post('/get_player_messages', requirePlayer(ctx), async (c) => {
        const { page, limit } = await parseBody(c, playerMessagesParams);
        const { count, rows, unread } = await listPlayerMessages(db, c.get('player').playerId, page, limit);
        return c.json({ status: 1, playerMessages: { count, rows }, unread } satisfies Reply<'front/get_player_messages'>);
      })
      .post('/read_player_message', requireLivePlayer(ctx), async (c) => {
        const { id } = await parseBody(c, readPlayerMessageParams);
        const message = await readPlayerMessage(db, c.get('player').playerId, id);
        return c.json((message ? { status: 1, playerMessage: message } : refusal('message_not_found')) satisfies Reply<'front/read_player_message'>);
      })
      .post('/chat_send', optionalLivePlayer(ctx), async (c) => {
        const { text, chatId, locale } = await parseBody(c, chatSendParams);
        const sent = await sendChat(ctx, text, c.get('player')?.playerId, chatId, c.get('clientIp'), locale);
        if (!sent.ok) return tooManyAttempts(c, LIMITS.chatPerIp.windowSeconds);
        return c.json({ status: 1, chatId: sent.chatId, chatMessage: sent.message } satisfies Reply<'front/chat_send'>);
      })
      // A guest's chat only: a player is answered in the chat of their account.
      .post('/chat_email', async (c) => {
        const { chatId, email, locale } = await parseBody(c, chatEmailParams);
        const saved = await setChatEmail(ctx, chatId, email, locale, c.get('clientIp'));
        if (saved === 'too_many') return tooManyAttempts(c, LIMITS.chatPerIp.windowSeconds);
        return c.json((saved === 'saved' ? { status: 1 } : refusal('chat_not_found')) satisfies Reply<'front/chat_email'>);
      })
      .post('/chat_history', optionalPlayer(ctx), async (c) => {
        const { chatId, after } = await parseBody(c, chatHistoryParams);
        return c.json({ status: 1, chatMessages: await chatHistory(db, c.get('player')?.playerId, chatId, after) } satisfies Reply<'front/chat_history'>);
      })
  );
}
