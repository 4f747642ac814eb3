// The sandbox card provider: a tokenizing endpoint (the deposit form posts card data
// straight here, our API only ever sees the token), a hosted card page for players whose
// card was not tokenized, a 3-D Secure challenge page, and Stripe's public test numbers.
import { Hono } from 'hono';
import { cardDigits, validCardNumber } from '../../../shared/card.ts';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http.ts';
import type { CardFunding, PaymentAdapter, StartResult } from '../types.ts';
import { deliver, escapeHtml, htmlResponse, money, page, type Session, seal, unseal, verifySandbox } from './common.ts';

export const CARD_ADAPTER = 'sandbox-card';

export type CardOutcome = 'success' | 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error' | 'three_d_secure';

/** Stripe's public test numbers and what this sandbox does with them. Any other valid number is declined. */
export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000000000003220': 'three_d_secure',
  // Stripe's debit and prepaid test numbers: paid like the others, but not credit cards.
  '4000056655665556': 'success',
  '5200828282828210': 'success',
  '5105105105105100': 'success',
};

/**
 * The sandbox's BIN table: which issuer ranges (first six digits) are debit or prepaid
 * cards; every other card counts as a credit card, as the cautious reading for a market
 * that refuses credit (a real provider answers from its BIN data).
 */
export const CARD_BINS: Record<string, CardFunding> = { '400005': 'debit', '520082': 'debit', '510510': 'prepaid' };

export const fundingOf = (number: string): CardFunding => CARD_BINS[number.slice(0, 6)] ?? 'credit';

export interface CardInput {
  number?: unknown;
  exp_month?: unknown;
  exp_year?: unknown;
  cvc?: unknown;
  name?: unknown;
}

/** The card's problem as a catalogue key (the field it belongs to), or its outcome. */
export function checkCard(input: CardInput, now: Date): { error: string; field: string } | { outcome: CardOutcome; last4: string; funding: CardFunding } {
  const number = cardDigits(String(input.number ?? ''));
  if (!validCardNumber(number)) return { error: 'card_number_invalid', field: 'number' };
  const month = Number(input.exp_month);
  const year = Number(input.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) return { error: 'card_expiry_invalid', field: 'exp_month' };
  if (!/^\d{4}$/.test(String(input.exp_year ?? '')) || year > now.getUTCFullYear() + 20) return { error: 'card_expiry_invalid', field: 'exp_year' };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return { error: 'card_expiry_past', field: 'exp_month' };
  if (!/^\d{3,4}$/.test(String(input.cvc ?? ''))) return { error: 'cvv_digits', field: 'cvc' };
  const name = String(input.name ?? '').trim();
  if (name.length < 2 || name.length > 100) return { error: 'card_holder_required', field: 'name' };
  return { outcome: TEST_CARDS[number] ?? 'card_declined', last4: number.slice(-4), funding: fundingOf(number) };
}

interface CardToken {
  o: CardOutcome;
  l: string;
  /** The card's funding, from the BIN. */
  f: CardFunding;
}

/** Charges a card for a session: success or a decline is told to us by webhook; 3-D Secure sends the player to the challenge first. */
async function charge(ctx: ServerContext, session: Session, outcome: CardOutcome, token: string): Promise<string> {
  if (outcome === 'three_d_secure') return `/api/sandbox/card/3ds/${seal(ctx, CARD_ADAPTER, { ...session, t: token })}`;
  return settle(ctx, session, outcome === 'success' ? 'success' : outcome);
}

async function settle(ctx: ServerContext, s: Session, outcome: CardOutcome | 'authentication_failed' | 'payment_cancelled'): Promise<string> {
  const ok = outcome === 'success';
  const providerRef = `ch_${s.r}`;
  await deliver(ctx, s.p, CARD_ADAPTER, {
    // One event per charge and outcome: a page submitted twice tells us once.
    id: `evt_ch_${s.r}_${ok ? 'succeeded' : 'failed'}`,
    type: ok ? 'payment.succeeded' : 'payment.failed',
    reference: s.r,
    providerRef,
    amount: s.a,
    currency: s.c,
    ...(ok ? {} : { reason: outcome }),
  });
  return ok ? s.ok : s.fail;
}

function cardPage(s: Session, sessionToken: string, error?: string): string {
  const field = (id: string, label: string, extra = '') => `<div><label for="${id}">${label}</label><input id="${id}" name="${id}" ${extra}></div>`;
  return page(
    'Sandbox Card — pay',
    `<h1>Sandbox Card</h1><p class="sub">Test payment page. Use a test card such as 4242 4242 4242 4242.</p>
<div class="amount">${escapeHtml(money(s.a, s.c))}</div>
<form method="post" action="/api/sandbox/card/checkout/${sessionToken}">
${field('name', 'Cardholder name', 'autocomplete="cc-name" required')}
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row">${field('exp_month', 'Month (MM)', 'inputmode="numeric" maxlength="2" required')}${field('exp_year', 'Year (YYYY)', 'inputmode="numeric" maxlength="4" required')}${field('cvc', 'CVC', 'inputmode="numeric" maxlength="4" required')}</div>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay ${escapeHtml(money(s.a, s.c))}</button></form>
<form method="post" action="/api/sandbox/card/checkout/${sessionToken}/cancel"><button class="secondary" type="submit">Cancel and return</button></form>`,
  );
}

const CARD_ERRORS: Record<string, string> = {
  card_number_invalid: 'Please enter a valid card number',
  card_expiry_invalid: 'Please enter a valid value',
  card_expiry_past: 'This card has expired',
  cvv_digits: 'Please enter 3 or 4 digits',
  card_holder_required: 'Please enter the cardholder name',
};

/** The provider's own endpoints, mounted at /api/sandbox/card. */
export function cardSandboxRoutes(ctx: ServerContext) {
  const go = async (c: { redirect: (url: string, status: 303) => Response }, s: Session, token: string) => {
    const t = unseal<CardToken & { x: number }>(ctx, CARD_ADAPTER, token);
    if (!t) return c.redirect(await settle(ctx, s, 'card_declined'), 303);
    return c.redirect(await charge(ctx, s, t.o, token), 303);
  };
  return (
    new Hono<AppEnv>()
      // Tokenizing: card data in, a token out. The card number never leaves this provider.
      .post('/tokens', async (c) => {
        let body: CardInput = {};
        try {
          body = (await c.req.json()) as CardInput;
        } catch {
          return c.json({ status: 0, message: 'card_number_invalid', field: 'number' }, 400);
        }
        const checked = checkCard(body ?? {}, new Date(ctx.clock.now()));
        if ('error' in checked) return c.json({ status: 0, message: checked.error, field: checked.field }, 400);
        const token = seal(ctx, CARD_ADAPTER, { o: checked.outcome, l: checked.last4, f: checked.funding } satisfies CardToken, 15 * 60 * 1000);
        return c.json({ status: 1, token: `tok_${token}`, last4: checked.last4, funding: checked.funding });
      })
      .get('/checkout/:session', async (c) => {
        const s = unseal(ctx, CARD_ADAPTER, c.req.param('session'));
        if (!s) return htmlResponse(page('Sandbox Card', '<h1>This payment link has expired.</h1>'), 400);
        if (s.t) return go(c, s, s.t);
        return htmlResponse(cardPage(s, c.req.param('session')));
      })
      // The autopost and HTML replies post the session here.
      .post('/checkout', async (c) => {
        const form = await c.req.parseBody();
        const token = typeof form.session === 'string' ? form.session : '';
        const s = unseal(ctx, CARD_ADAPTER, token);
        if (!s) return htmlResponse(page('Sandbox Card', '<h1>This payment link has expired.</h1>'), 400);
        return s.t ? go(c, s, s.t) : c.redirect(`/api/sandbox/card/checkout/${token}`, 303);
      })
      .post('/checkout/:session', async (c) => {
        const s = unseal(ctx, CARD_ADAPTER, c.req.param('session'));
        if (!s) return htmlResponse(page('Sandbox Card', '<h1>This payment link has expired.</h1>'), 400);
        const form = await c.req.parseBody();
        const checked = checkCard(form, new Date(ctx.clock.now()));
        if ('error' in checked) return htmlResponse(cardPage(s, c.req.param('session'), CARD_ERRORS[checked.error]), 400);
        return c.redirect(await charge(ctx, s, checked.outcome, seal(ctx, CARD_ADAPTER, { o: checked.outcome, l: checked.last4 })), 303);
      })
      .post('/checkout/:session/cancel', async (c) => {
        const s = unseal(ctx, CARD_ADAPTER, c.req.param('session'));
        if (!s) return htmlResponse(page('Sandbox Card', '<h1>This payment link has expired.</h1>'), 400);
        // The player gave up on the page: not the bank's decline.
        return c.redirect(await settle(ctx, s, 'payment_cancelled'), 303);
      })
      .get('/3ds/:session', (c) => {
        const s = unseal(ctx, CARD_ADAPTER, c.req.param('session'));
        if (!s) return htmlResponse(page('3-D Secure', '<h1>This payment link has expired.</h1>'), 400);
        const token = c.req.param('session');
        return htmlResponse(
          page(
            '3-D Secure test challenge',
            `<h1>3-D Secure</h1><p class="sub">Your bank asks you to confirm this payment (sandbox challenge).</p>
<div class="amount">${escapeHtml(money(s.a, s.c))}</div>
<form method="post" action="/api/sandbox/card/3ds/${token}"><input type="hidden" name="result" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="/api/sandbox/card/3ds/${token}"><input type="hidden" name="result" value="fail"><button class="secondary" type="submit">Fail authentication</button></form>`,
          ),
        );
      })
      .post('/3ds/:session', async (c) => {
        const s = unseal(ctx, CARD_ADAPTER, c.req.param('session'));
        if (!s) return htmlResponse(page('3-D Secure', '<h1>This payment link has expired.</h1>'), 400);
        const form = await c.req.parseBody();
        return c.redirect(await settle(ctx, s, form.result === 'complete' ? 'success' : 'authentication_failed'), 303);
      })
  );
}

export const cardAdapter: PaymentAdapter = {
  name: CARD_ADAPTER,
  async startDeposit(ctx, input): Promise<StartResult> {
    const token = input.cardToken?.startsWith('tok_') ? input.cardToken.slice(4) : undefined;
    const session = seal(ctx, CARD_ADAPTER, {
      p: input.processor.id,
      r: input.paymentId,
      a: input.amount,
      c: input.currency,
      ok: input.returnUrls.success,
      fail: input.returnUrls.fail,
      ...(token ? { t: token } : {}),
    });
    const providerRef = `ch_${input.paymentId}`;
    const url = `/api/sandbox/card/checkout/${session}`;
    if (input.processor.reply === 'autopost') return { type: 'form', url: '/api/sandbox/card/checkout', fields: { session }, providerRef };
    if (input.processor.reply === 'html') {
      const htmlForm = `<!doctype html><html><body><form method="post" action="/api/sandbox/card/checkout"><input type="hidden" name="session" value="${escapeHtml(session)}"><noscript><button type="submit">Continue</button></noscript></form></body></html>`;
      return { type: 'html', html: htmlForm, providerRef };
    }
    return { type: 'redirect', url, providerRef };
  },
  verifyWebhook: (ctx, raw, header) => verifySandbox(ctx, CARD_ADAPTER, raw, header),
  cardFunding(ctx, cardToken) {
    const t = cardToken.startsWith('tok_') ? unseal<CardToken & { x: number }>(ctx, CARD_ADAPTER, cardToken.slice(4)) : undefined;
    return t?.f;
  },
};
