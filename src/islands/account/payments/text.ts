// The payment tabs' texts: the "payments" namespace, and a refusal (catalogue key and
// arguments) as a sentence, its amounts written as money in the wallet's currency.
import * as en from '../../../../locales/en.json';
import { formatMoney } from '../../../lib/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import { i18n } from '../../../stores/i18n.ts';
import type { PaymentRefusal } from '../../../stores/payments.ts';
import { protectionSentence } from '../../../shared/protection.ts';
import { type ProtectionText, protectionWords } from '../protection-text.ts';
import { type AccountText, fmt, textOf, type ValidationText } from '../text.ts';

export const paymentsText = i18n('payments', en.payments);
export type PaymentsText = typeof en.payments;

export interface Texts {
  p: PaymentsText;
  v: ValidationText;
  t: AccountText;
  /** The `protection` namespace, for refusals by a limit or a break. */
  g?: ProtectionText;
}

/** Money in the wallet's currency, the page locale's way. */
export const moneyIn = (locale: Locale, currency: string | undefined) => (n: number) => formatMoney(n, locale, currency);

/** A refusal as text: validation, payments, account, else "Action failed."; numeric arguments are amounts. */
export function refusalText(r: Pick<PaymentRefusal, 'message' | 'params' | 'limit' | 'until'>, { p, v, t, g }: Texts, money: (n: number) => string): string {
  if (g && (r.limit || r.until)) {
    const words = protectionSentence(r, protectionWords(g), document.documentElement.lang);
    if (words) return words;
  }
  const text = textOf(v, r.message) ?? textOf(p, r.message) ?? textOf(t, r.message) ?? v.action_failed;
  return fmt(text, ...r.params.map((a) => (typeof a === 'number' ? money(a) : a)));
}

/**
 * Why a deposit failed, in words, when the provider said something a player can act on. A
 * bank's decline (do not honour, insufficient funds, an expired card) names the bank's reason
 * beside SPEC's "The amount {0} could not be deposited!"; SPEC §8's "Wrong Card Info." is kept
 * for card data that was wrong (the security code).
 */
export function failureReason(reason: string | null, { p, v }: Pick<Texts, 'p' | 'v'>): string | undefined {
  switch (reason) {
    case 'incorrect_cvc':
    case 'wrong_card':
      return v.wrong_card;
    case 'card_declined':
      return p.reason_declined;
    case 'insufficient_funds':
      return p.reason_insufficient_funds;
    case 'expired_card':
      return p.reason_expired_card;
    case 'payment_cancelled':
      return p.reason_cancelled;
    case 'expired':
      return p.reason_expired;
    case 'authentication_failed':
      return p.reason_authentication;
    case 'processing_error':
    case 'processor_error':
      return p.reason_error;
    case 'deposit_over_daily_limit':
      return p.reason_over_daily_limit;
    case 'crypto_below_minimum':
    case 'crypto_wrong_coin':
      return v[reason];
    default:
      return undefined;
  }
}
