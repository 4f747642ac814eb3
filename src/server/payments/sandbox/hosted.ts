// The sandbox redirect providers: a hosted page where the player approves or cancels
// (Payop-style wallets and banks), reached by a redirect, a popup, or a form the site
// posts after 500 ms (the autopost processors, with the contract's field names). The
// sandbox bank also pays withdrawals out and says so by webhook.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { AppEnv } from '../../http.ts';
import type { PaymentAdapter, StartResult } from '../types.ts';
import { deliver, escapeHtml, htmlResponse, money, page, type Session, sandboxPayout, seal, unseal, verifySandbox } from './common.ts';

export const WALLET_ADAPTER = 'sandbox-wallet';
export const BANK_ADAPTER = 'sandbox-bank';

/** Contract §15.4: the names each autopost processor's form carries (filled with sandbox values). */
const AUTOPOST_FIELDS: Record<number, string[]> = {
  19: ['data', 'Email', 'Amount', 'Currency', 'TemplateId', 'CountryISO', 'MerchantInternalOrderId', 'StatusURL', 'ReturnURL', 'AssetPaymentsKey'],
  34: ['api_token', 'website_id', 'price', 'curr', 'id_order', 'notify_url', 'success_url', 'error_url'],
  35: ['payload', 'merchant_id'],
};

function hostedAdapter(name: string): PaymentAdapter {
  return {
    name,
    async startDeposit(ctx, input): Promise<StartResult> {
      const session = seal(ctx, name, {
        p: input.processor.id,
        r: input.paymentId,
        a: input.amount,
        c: input.currency,
        ok: input.returnUrls.success,
        fail: input.returnUrls.fail,
      });
      const providerRef = `op_${input.paymentId}`;
      if (input.processor.reply === 'autopost') {
        const fields: Record<string, string> = { session };
        for (const f of AUTOPOST_FIELDS[input.processor.id] ?? []) fields[f] = '';
        const values: Record<string, string> = {
          Amount: (input.amount / 100).toFixed(2),
          price: (input.amount / 100).toFixed(2),
          Currency: input.currency,
          curr: input.currency,
          MerchantInternalOrderId: String(input.paymentId),
          id_order: String(input.paymentId),
          ReturnURL: input.returnUrls.success,
          success_url: input.returnUrls.success,
          error_url: input.returnUrls.fail,
        };
        for (const [k, v] of Object.entries(values)) if (k in fields) fields[k] = v;
        return { type: 'form', url: `/api/sandbox/${name.slice('sandbox-'.length)}/autopost`, fields, providerRef };
      }
      return { type: 'redirect', url: `/api/sandbox/${name.slice('sandbox-'.length)}/pay/${session}`, providerRef };
    },
    verifyWebhook: (ctx, raw, header) => verifySandbox(ctx, name, raw, header),
  };
}

export const walletAdapter: PaymentAdapter = { ...hostedAdapter(WALLET_ADAPTER), payout: sandboxPayout(WALLET_ADAPTER) };
export const bankAdapter: PaymentAdapter = { ...hostedAdapter(BANK_ADAPTER), payout: sandboxPayout(BANK_ADAPTER) };

export function hostedSandboxRoutes(ctx: ServerContext, name: string) {
  const title = name === BANK_ADAPTER ? 'Sandbox Bank' : 'Sandbox Wallet';
  const base = `/api/sandbox/${name.slice('sandbox-'.length)}`;
  const settle = async (s: Session, approve: boolean) => {
    await deliver(ctx, s.p, name, {
      id: `evt_op_${s.r}_${approve ? 'succeeded' : 'failed'}`,
      type: approve ? 'payment.succeeded' : 'payment.failed',
      reference: s.r,
      providerRef: `op_${s.r}`,
      amount: s.a,
      currency: s.c,
      ...(approve ? {} : { reason: 'payment_cancelled' }),
    });
    return approve ? s.ok : s.fail;
  };
  const expired = () => htmlResponse(page(title, '<h1>This payment link has expired.</h1>'), 400);
  return new Hono<AppEnv>()
    .post('/autopost', async (c) => {
      const form = await c.req.parseBody();
      const token = typeof form.session === 'string' ? form.session : '';
      if (!unseal(ctx, name, token)) return expired();
      return c.redirect(`${base}/pay/${token}`, 303);
    })
    .get('/pay/:session', (c) => {
      const token = c.req.param('session');
      const s = unseal(ctx, name, token);
      if (!s) return expired();
      return htmlResponse(
        page(
          title,
          `<h1>${title}</h1><p class="sub">Test payment page: approve to pay, cancel to go back without paying.</p>
<div class="amount">${escapeHtml(money(s.a, s.c))}</div>
<form method="post" action="${base}/pay/${token}"><input type="hidden" name="action" value="approve"><button type="submit">Approve payment</button></form>
<form method="post" action="${base}/pay/${token}"><input type="hidden" name="action" value="cancel"><button class="secondary" type="submit">Cancel</button></form>`,
        ),
      );
    })
    .post('/pay/:session', async (c) => {
      const s = unseal(ctx, name, c.req.param('session'));
      if (!s) return expired();
      const form = await c.req.parseBody();
      return c.redirect(await settle(s, form.action === 'approve'), 303);
    });
}
