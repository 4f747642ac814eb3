// Why a deposit failed, as the deposit tab says it beside SPEC's "The amount {0} could not be
// deposited!": a bank's decline names the bank's reason; "Wrong Card Info." is only for card
// data that was wrong. Every reason the sandbox card provider sends has words in every locale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureReason, type Texts } from '../../src/islands/account/payments/text.ts';
import { TEST_CARDS } from '../../src/server/payments/sandbox/card.ts';
import { LOCALES } from '../../src/shared/locales.ts';

const read = (code: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', `${code}.json`), 'utf8')) as Record<string, Record<string, string>>;
const textsOf = (code: string) => {
  const c = read(code);
  return { p: c.payments, v: c.validation } as unknown as Pick<Texts, 'p' | 'v'>;
};

describe('failureReason', () => {
  const en = textsOf('en');

  it('names the bank reason of a decline, and keeps "Wrong Card Info." for wrong card data', () => {
    expect(failureReason('insufficient_funds', en)).toBe('Your bank declined it: there are not enough funds on the card.');
    expect(failureReason('expired_card', en)).toBe('Your bank declined it: the card has expired.');
    expect(failureReason('card_declined', en)).toBe(en.p.reason_declined);
    expect(failureReason('incorrect_cvc', en)).toBe('Wrong Card Info.');
    for (const bank of ['insufficient_funds', 'expired_card', 'card_declined']) expect(failureReason(bank, en)).not.toBe('Wrong Card Info.');
    expect(failureReason('payment_cancelled', en)).toBe(en.p.reason_cancelled);
    expect(failureReason('expired', en)).toBe(en.p.reason_expired);
    expect(failureReason('something_else', en)).toBeUndefined();
  });

  it('has words for every failing test card of the sandbox in all 24 locales', () => {
    const failing = [...new Set(Object.values(TEST_CARDS))].filter((o) => o !== 'success' && o !== 'three_d_secure');
    expect(failing.length).toBeGreaterThanOrEqual(5);
    for (const locale of LOCALES) {
      const texts = textsOf(locale);
      for (const reason of [...failing, 'authentication_failed', 'payment_cancelled', 'expired']) {
        const words = failureReason(reason, texts);
        expect(words, `${locale} ${reason}`).toBeTruthy();
      }
    }
  });
});
