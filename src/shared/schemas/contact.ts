// Talking to support: the contact form, the chat widget, the mail box, and staff's answer.
import { LOCALES } from '../locales.ts';
import { text, z } from './common.ts';
import { countryPhone, email, FIELD_LIMITS, localPhone, MIN_PHONE_DIGITS, requiredText } from './player.ts';

export const SUPPORT_LIMITS = { playerName: 100, note: 5000, chatText: 2000, reply: 10_000 } as const;

/** A row id as the database holds it (int4): anything else cannot name a row. */
export const rowId = z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(2_147_483_647, 'invalid_value');

/**
 * `front/player_send_message`. `status` and `playerId` of older clients are dropped: the
 * server files every message as pending, and the sender is whoever the token names.
 */
export const contactParams = z
  .object({
    player_name: requiredText(SUPPORT_LIMITS.playerName),
    email,
    countryPhone: countryPhone.optional(),
    phone_number1: localPhone,
    phone_number: z.unknown().optional(),
    note: requiredText(SUPPORT_LIMITS.note, { multiline: true }),
    /** The page's locale, so that the answer is mailed in the visitor's language. */
    locale: z.enum(LOCALES).optional().catch(undefined),
  })
  .superRefine(
    (v, ctx) => {
      if (typeof v.phone_number1 !== 'string' || !/^\d+$/.test(v.phone_number1)) return;
      const dial = typeof v.countryPhone === 'string' && /^\+\d+$/.test(v.countryPhone) ? v.countryPhone.length - 1 : 0;
      const digits = dial + v.phone_number1.length;
      if (digits < MIN_PHONE_DIGITS) ctx.addIssue({ code: 'custom', message: 'phone_number_length_check', path: ['phone_number1'], input: v.phone_number1 });
      else if (digits > FIELD_LIMITS.phoneDigits)
        ctx.addIssue({ code: 'custom', message: 'phone_number_too_long', path: ['phone_number1'], input: v.phone_number1 });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform(({ phone_number: _ignored, ...v }) => ({ ...v, phone_number: `${v.countryPhone ?? ''}${v.phone_number1}` }));
export type ContactMessage = z.output<typeof contactParams>;

/** An opaque chat id the widget keeps for a guest; the server made it. */
const chatId = text({ max: 100, trim: true, tooLong: 'invalid_value' }).nullish();

/** The page's locale, so that an answer mailed to a guest is in their language. */
const pageLocale = z.enum(LOCALES).optional().catch(undefined);

/** `front/chat_send`: one line from the visitor. */
export const chatSendParams = z.object({ text: requiredText(SUPPORT_LIMITS.chatText, { multiline: true }), chatId, locale: pageLocale });

/** `front/chat_email`: the address a guest leaves so that the answer also reaches them by mail. */
export const chatEmailParams = z.object({
  chatId: text({ max: 100, trim: true, tooLong: 'invalid_value' }).min(1, 'field_required'),
  email,
  locale: pageLocale,
});

/** `front/chat_history`: messages after the id the widget last saw (polling). */
export const chatHistoryParams = z.object({
  chatId,
  after: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(0, 'invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});

/** `front/get_player_messages`: one page of the mail box, newest first. Body ids are ignored. */
export const playerMessagesParams = z
  .object({
    page: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(100_000, 'invalid_value').default(1),
    limit: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(100, 'invalid_value').default(20),
  })
  .loose();

/** `front/read_player_message`. */
export const readPlayerMessageParams = z.object({ id: rowId }).loose();

/** `admin/reply_player_message`: staff's answer to a support thread (contact message or chat). */
export const replySupportParams = z.object({ id: rowId, text: requiredText(SUPPORT_LIMITS.reply, { multiline: true }) });

/** `admin/get_support_threads`: waiting threads unless asked for the answered ones or all. */
export const supportThreadsParams = z.object({ status: z.enum(['pending', 'answered', 'all']).default('pending') }).loose();

/** `admin/get_support_thread`. */
export const supportThreadParams = z.object({ id: rowId });
