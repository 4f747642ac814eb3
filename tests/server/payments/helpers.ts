// A player, a token and the sandbox providers as the payments tests drive them.
import { sql } from 'drizzle-orm';
import { rows } from '../../../src/server/db/client.ts';
import { signedWebhook } from '../../../src/server/payments/sandbox/common.ts';
import type { WebhookEvent } from '../../../src/server/payments/types.ts';
import { readBalance, walletOf } from '../../../src/server/wallet/index.ts';
import type { TestApi } from '../../helpers/app.ts';
import { markVerified } from '../../helpers/documents.ts';
import { createPlayers, newKey, tokenFor } from '../../helpers/wallet.ts';

export async function newPlayer(api: TestApi, currency = 'EUR'): Promise<{ id: number; token: string }> {
  const [id] = (await createPlayers(api.ctx.database.db, 1, currency)) as [number];
  return { id, token: await tokenFor(api.ctx, id) };
}

/** A German bank account that passes the withdrawal form's checks. */
export const BANK = {
  accountNumber: 'DE89 3704 0044 0532 0130 00',
  beneficiaryName: 'Test Player',
  swiftCode: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  city: 'Berlin',
  zipCode: '10117',
  registrationAddress: 'Unter den Linden 1',
  country: 'DE',
};

/**
 * A withdrawal the player asks for as the cashier does (to the bank form, at the bank
 * transfer processor), once verified; its transaction id. Only such a request is one the
 * player may cancel.
 */
export async function requestedWithdrawal(api: TestApi, player: { id: number; token: string }, cents: number): Promise<number> {
  await markVerified(api.ctx.database.db, player.id);
  const { body } = await api.json<{ status: number; message?: string; result?: { transactionId: number } }>(
    'payment/send_withdrawal_request',
    { paymentId: 2, amount: cents / 100, bankForm: BANK },
    { token: player.token },
  );
  if (!body.result) throw new Error(`withdrawal refused: ${body.message}`);
  return body.result.transactionId;
}

/** A player with `cents` of real money and a verified identity (withdrawals wait for one under the default profile). */
export async function verifiedPlayer(api: TestApi, cents = 10_000): Promise<{ id: number; token: string }> {
  const p = await newPlayer(api);
  await markVerified(api.ctx.database.db, p.id);
  const o = await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: p.id, amount: cents, provider: 'test' });
  if (!o.ok) throw new Error(o.code);
  return p;
}

export const realBalance = async (api: TestApi, id: number) => (await readBalance(api.ctx.database.db, id)).real;

/** A card token from the sandbox provider's tokenizing endpoint. */
export async function cardToken(api: TestApi, number: string, extra: Record<string, string> = {}): Promise<string> {
  const { body } = await api.json<{ token: string }>('sandbox/card/tokens', {
    number,
    exp_month: '12',
    exp_year: '2034',
    cvc: '123',
    name: 'Test Player',
    ...extra,
  });
  return body.token;
}

/** Follows a sandbox redirect chain (GET, or POST of a form) and returns the last Location. */
export async function follow(api: TestApi, url: string, form?: Record<string, string>): Promise<{ status: number; location: string | null; text: string }> {
  const init: RequestInit = form
    ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() }
    : { method: 'GET' };
  const response = await api.app.request(url, init);
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** POSTs a webhook to /api/payment/webhook/<processor> with the given (or a correct) signature. */
export async function postWebhook(
  api: TestApi,
  processorId: number,
  adapter: string,
  event: WebhookEvent,
  tamper?: (b: { body: string; signature: string }) => { body: string; signature?: string },
) {
  const signed = signedWebhook(api.ctx, adapter, event);
  const sent = tamper ? tamper(signed) : signed;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (sent.signature !== undefined) headers['x-sandbox-signature'] = sent.signature;
  const response = await api.app.request(`/api/payment/webhook/${processorId}`, { method: 'POST', headers, body: sent.body });
  return { status: response.status, body: (await response.json()) as { status: number; message?: string } };
}

export async function paymentRow(api: TestApi, id: number) {
  const [row] = await rows<{ status: string; reason: string | null; wallet_tx_id: string | null; fee: string; amount: string }>(
    api.ctx.database.db,
    sql`select status, reason, wallet_tx_id, fee, amount from payments where id = ${id}`,
  );
  return row;
}

export const paymentIdOf = (txId: string) => Number(txId.replace('pay_', ''));
