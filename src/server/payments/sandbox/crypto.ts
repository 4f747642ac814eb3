// The sandbox crypto provider: a deposit address per player, processor and coin, shown
// with a QR code; coins sent there are confirmed by webhook (`npm run payments -- confirm
// <address> <amount>` plays the chain in development). It quotes in the wallet currency.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import QRCode from 'qrcode';
import type { ServerContext } from '../../context.ts';
import { paymentAddresses } from '../../db/schema/payments.ts';
import type { AppEnv } from '../../http.ts';
import type { PaymentAdapter, StartResult } from '../types.ts';
import { deliver, escapeHtml, htmlResponse, page, sandboxPayout, seal, unseal, verifySandbox } from './common.ts';

export const CRYPTO_ADAPTER = 'sandbox-crypto';

/** The player's address for this processor and coin: made once, the same ever after. */
export async function depositAddress(ctx: ServerContext, playerId: number, processorId: number, coin: string): Promise<string> {
  const { db } = ctx.database;
  const find = () =>
    db
      .select({ address: paymentAddresses.address })
      .from(paymentAddresses)
      .where(and(eq(paymentAddresses.playerId, playerId), eq(paymentAddresses.processorId, processorId), eq(paymentAddresses.coin, coin)));
  const [found] = await find();
  if (found) return found.address;
  const address = `sbx1${createHmac('sha256', randomBytes(16)).update(`${playerId}:${processorId}:${coin}`).digest('hex').slice(0, 38)}`;
  await db.insert(paymentAddresses).values({ address, playerId, processorId, coin }).onConflictDoNothing();
  const [made] = await find();
  return made?.address ?? address;
}

export const cryptoAdapter: PaymentAdapter = {
  name: CRYPTO_ADAPTER,
  async startDeposit(ctx, input): Promise<StartResult> {
    const coin = input.coin ?? 'BTC';
    const address = await depositAddress(ctx, input.playerId, input.processor.id, coin);
    const qr = await QRCode.toString(address, { type: 'svg', margin: 1, width: 180 });
    const invoice = seal(ctx, CRYPTO_ADAPTER, { address, coin, p: input.processor.id, ok: input.returnUrls.success }, 24 * 60 * 60 * 1000);
    return { type: 'address', address, coin, qr, url: `/api/sandbox/crypto/invoice/${invoice}` };
  },
  verifyWebhook: (ctx, raw, header) => verifySandbox(ctx, CRYPTO_ADAPTER, raw, header),
  payout: sandboxPayout(CRYPTO_ADAPTER),
};

/** The chain: `amount` cents' worth of `coin` reached `address` and is confirmed. */
export async function confirmOnChain(ctx: ServerContext, address: string, amount: number, coin?: string) {
  const [row] = await ctx.database.db.select().from(paymentAddresses).where(eq(paymentAddresses.address, address));
  if (!row) return { status: 404, body: { status: 0, message: 'address_not_found' } };
  const txHash = `0x${randomBytes(16).toString('hex')}`;
  return deliver(ctx, row.processorId, CRYPTO_ADAPTER, {
    id: `evt_${txHash}`,
    type: 'crypto.confirmed',
    providerRef: txHash,
    address,
    coin: coin ?? row.coin,
    amount,
  });
}

export function cryptoSandboxRoutes(ctx: ServerContext) {
  return new Hono<AppEnv>().get('/invoice/:token', async (c) => {
    const inv = unseal<{ address: string; coin: string; ok: string }>(ctx, CRYPTO_ADAPTER, c.req.param('token'));
    if (!inv) return htmlResponse(page('Sandbox Crypto', '<h1>This invoice has expired.</h1>'), 400);
    const qr = await QRCode.toString(inv.address, { type: 'svg', margin: 1, width: 180 });
    return htmlResponse(
      page(
        'Sandbox Crypto',
        `<h1>Send ${escapeHtml(inv.coin)}</h1><p class="sub">Only ${escapeHtml(inv.coin)} sent to this address is credited.</p>${qr}<p><code>${escapeHtml(inv.address)}</code></p>
<p><a href="${escapeHtml(inv.ok)}">Back to the casino</a></p>`,
      ),
    );
  });
}
