// Contacting support (contact form, chat, mail box) and staff's side of it.
import type { Ok, Refusal } from '../api.ts';
import {
  chatEmailParams,
  chatHistoryParams,
  chatSendParams,
  contactParams,
  playerMessagesParams,
  readPlayerMessageParams,
  replySupportParams,
  supportThreadParams,
  supportThreadsParams,
} from '../schemas/contact.ts';
import { post, reply } from './define.ts';

export interface ChatMessage {
  id: number;
  from: 'visitor' | 'support';
  text: string;
  createdAt: string;
}

/** A message support sent to the player's mail box. */
export interface MailboxMessage {
  id: number;
  subject: string;
  text: string;
  read: boolean;
  createdAt: string;
}

export interface PlayerMessagesReply extends Ok {
  playerMessages: { count: number; rows: MailboxMessage[] };
  unread: number;
}

export interface ChatSentReply extends Ok {
  /** A guest's chat id (made by the server on the first line); null for a player. */
  chatId: string | null;
  chatMessage: ChatMessage;
}

export interface ThreadSummary {
  id: number;
  kind: 'contact' | 'chat';
  status: 'pending' | 'answered';
  playerId: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  lastText: string;
  updatedAt: string;
}

/** A thread with everything said in it, as staff read it (database rows as JSON). */
export interface SupportThreadReply extends Ok {
  thread: Record<string, unknown>;
  posts: Record<string, unknown>[];
}

export const support = {
  'front/player_send_message': post(contactParams, reply<Ok>()),
  'front/get_player_messages': post(playerMessagesParams, reply<PlayerMessagesReply>()),
  'front/read_player_message': post(readPlayerMessageParams, reply<(Ok & { playerMessage: MailboxMessage }) | Refusal>()),
  'front/chat_send': post(chatSendParams, reply<ChatSentReply>()),
  'front/chat_email': post(chatEmailParams, reply<Ok | Refusal>()),
  'front/chat_history': post(chatHistoryParams, reply<Ok & { chatMessages: ChatMessage[] }>()),
  'admin/get_support_threads': post(supportThreadsParams, reply<Ok & { threads: ThreadSummary[] }>()),
  'admin/get_support_thread': post(supportThreadParams, reply<SupportThreadReply | Refusal>()),
  'admin/reply_player_message': post(replySupportParams, reply<Ok | Refusal>()),
};
