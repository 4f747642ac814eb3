// Contacting support: the contact form, the chat widget's lines and the player's mail
// box with its unread count (the badge of the account tab).
import { atom } from 'nanostores';
import { attempt, call, type Outcome } from '../lib/api.ts';
import type { Params, Reply } from '../shared/contract/index.ts';
import type { ChatMessage, MailboxMessage } from '../shared/contract/support.ts';

/** The mail box's unread count, for the badge in the tab label; null until known. */
export const $unread = atom<number | null>(null);

export function sendContactMessage(message: Params<'front/player_send_message'>): Promise<Outcome<unknown>> {
  return attempt('front/player_send_message', message);
}

/** One page of the mail box; the unread count follows it. */
export async function loadMessages(page: number, limit: number): Promise<Reply<'front/get_player_messages'>> {
  const reply = await call('front/get_player_messages', { page, limit });
  $unread.set(reply.unread);
  return reply;
}

/** Refreshes the unread count alone; a failure leaves it as it was. */
export function refreshUnread(): Promise<void> {
  return loadMessages(1, 1).then(
    () => undefined,
    () => undefined,
  );
}

/** Opens a message: the server marks it read, and the unread count goes down when it was new. */
export async function readMessage(message: MailboxMessage): Promise<Outcome<{ status: 1; playerMessage: MailboxMessage }>> {
  const outcome = await attempt('front/read_player_message', { id: message.id });
  if (outcome.ok && !message.read) $unread.set(Math.max(0, ($unread.get() ?? 1) - 1));
  return outcome;
}

/** The chat's lines after `after` (a guest's chat by its id; a player's by the token). */
export async function chatHistory(chatId: string | null, after: number): Promise<ChatMessage[]> {
  return (await call('front/chat_history', { chatId, after })).chatMessages;
}

/** Sends one chat line; throws when it did not arrive. */
export function sendChatLine(text: string, chatId: string | null, locale: string): Promise<Reply<'front/chat_send'>> {
  return call('front/chat_send', { text, chatId, locale: locale as Params<'front/chat_send'>['locale'] });
}

/** The address a guest leaves so that support's answer also reaches them by mail. */
export function saveChatEmail(chatId: string, email: string, locale: string): Promise<Outcome<unknown>> {
  return attempt('front/chat_email', { chatId, email, locale: locale as Params<'front/chat_email'>['locale'] });
}
