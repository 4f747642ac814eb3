// A player's wallet currency, from sign-up to every reply that carries money: chosen at
// registration from the operators' per-country map (India → INR), else from the `in`
// interface locale, else EUR; never changed afterwards; named by the balance, the
// transaction and bet lists, the session's player and the game session; and TENFREE
// credited in the currency the player's landing page promised.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client.ts';
import { players, promotions } from '../../../src/server/db/schema/index.ts';
import { readBalance, walletOf } from '../../../src/server/wallet/index.ts';
import type { FinancialTransactionsReply, BetListReply, PlayerBalanceReply, RegistrationBonusInfo } from '../../../src/shared/wallet.ts';
import type { StudioSessionReply } from '../../../src/shared/schemas/games.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { newKey, sign, tokenFor } from '../../helpers/wallet.ts';
import { type LoggedIn, logIn, type MailCatcher, signUpForm, startMailCatcher, uniqueIp } from './helpers.ts';

let api: TestApi;
let mail: MailCatcher;
let staffToken: string;
beforeAll(async () => {
  mail = await startMailCatcher();
  api = await testApi({ SMTP_URL: mail.url, SITE_URL: 'https://casino.test' });
  staffToken = await tokenFor(api.ctx, 2, ['player', 'admin']);
});
afterAll(async () => {
  await api?.close();
  await mail?.close();
});

const digits = () => String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');

/** Signs a person up from an address of their own and logs them in. */
async function signUp(overrides: Record<string, unknown>): Promise<LoggedIn & { form: Record<string, unknown> }> {
  // Long enough for every market's password rule (Great Britain's profile wants 12).
  const form = signUpForm({ phone_number1: `151${digits()}`, password: 'Kestrel-Moor-42', confirmPassword: 'Kestrel-Moor-42', ...overrides });
  const reply = await api.json('front/register_player', form, { ip: uniqueIp() });
  expect(reply.body).toEqual({ status: 1 });
  return { ...(await logIn(api, form.username as string, form.password as string)), form };
}

const currencyOf = async (playerId: number) =>
  (await api.ctx.database.db.select({ currency: players.currency }).from(players).where(eq(players.id, playerId)))[0]?.currency;

describe('registration chooses the wallet currency', () => {
  it('gives a player from India rupees, whatever language the sign-up page was in', async () => {
    const indian = await signUp({ country: 'IN', interface_local: 'de' });
    expect(await currencyOf(indian.playerId)).toBe('INR');
    const me = await api.json<{ player: { currency: string } }>('front/auth/player', undefined, { method: 'GET', token: indian.accessToken });
    expect(me.body.player).toMatchObject({ country: 'IN', currency: 'INR', total_balance: 0 });
  });

  it('gives rupees to a sign-up from the `in` pages when the country names no currency', async () => {
    const player = await signUp({ country: 'GB', interface_local: 'in' });
    expect(await currencyOf(player.playerId)).toBe('INR');
  });

  it('gives euros everywhere else', async () => {
    for (const [country, locale] of [
      ['DE', 'en'],
      ['FR', 'de'],
      ['US', 'fr'],
    ]) {
      const player = await signUp({ country, interface_local: locale });
      expect(await currencyOf(player.playerId), `${country} ${locale}`).toBe('EUR');
    }
  });

  it("follows the operators' per-country map for later sign-ups and leaves existing wallets alone", async () => {
    const before = await signUp({ country: 'GB' });
    const change = { currency_by_country: { IN: 'INR', gb: 'gbp' } };
    expect((await api.json('admin/update_setting', change, { token: await tokenFor(api.ctx, before.playerId) })).status).toBe(403);
    const done = await api.json('admin/update_setting', change, { token: staffToken });
    expect(done.body).toMatchObject({ status: 1, setting: { currency_by_country: { IN: 'INR', GB: 'GBP' } } });
    const after = await signUp({ country: 'GB', interface_local: 'in' });
    expect(await currencyOf(after.playerId)).toBe('GBP');
    expect(await currencyOf(before.playerId)).toBe('EUR');
    // A currency a wallet cannot keep in cents, or no currency at all, is refused and changes nothing.
    for (const bad of [{ JP: 'JPY' }, { XX: 'EUR' }, { DE: 'EURO' }, { FR: 'ZZZ' }]) {
      const refused = await api.json('admin/update_setting', { currency_by_country: bad }, { token: staffToken });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body).toMatchObject({ message: 'validation_failed' });
    }
    const now = await api.json('admin/get_setting', {}, { token: staffToken });
    expect(now.body).toMatchObject({ setting: { currency_by_country: { IN: 'INR', GB: 'GBP' } } });
    await api.json('admin/update_setting', { currency_by_country: { IN: 'INR' } }, { token: staffToken });
  });
});

describe('TENFREE in rupees', () => {
  it('credits an Indian player ₹1,000.00 to wager ₹40,000.00, at most ₹10,000.00 to cash out, through the rupee house', async () => {
    const first = `Asha${randomBytes(3).toString('hex')}`;
    const indian = await signUp({ country: 'IN', interface_local: 'in', promo_code: 'TENFREE', email: `${first.toLowerCase()}@mail.test`, first_name: first });
    const awaiting = await api.json<{ bonus: RegistrationBonusInfo }>('front/get_registration_bonus', {}, { token: indian.accessToken });
    expect(awaiting.body.bonus).toMatchObject({ currency: 'INR', amount: 1000, wagering_required: 40_000, max_cashout: 10_000, state: 'awaiting_activation' });

    const letter = await mail.next(indian.form.email as string);
    const token = new URL(letter.links[0] ?? '').searchParams.get('activation_token') ?? '';
    const activated = await api.json<{ bonus: RegistrationBonusInfo }>('front/activate_account', { token });
    expect(activated.body.bonus).toMatchObject({ currency: 'INR', amount: 1000, state: 'granted', status: 'active' });
    const balance = await api.json<PlayerBalanceReply>('front/get_player_balance', {}, { token: indian.accessToken });
    expect(balance.body).toMatchObject({
      player: { currency: 'INR', bonus_balance: 1000, wagering: { required: 40_000 } },
      bonus: { promo_code: 'TENFREE', currency: 'INR', amount: 1000, max_cashout: 10_000 },
    });
    const [house] = await rows<{ currency: string; amount: string | number }>(
      api.ctx.database.db,
      sql`select a.currency, e.amount from wallet_entries e join wallet_operations o on o.id = e.operation_id join wallet_accounts a on a.id = e.account_id
          where o.player_id = ${indian.playerId} and o.kind = 'bonus_grant' and a.kind = 'house'`,
    );
    expect(house).toMatchObject({ currency: 'INR' });
    expect(Number(house?.amount)).toBe(-100_000);
  });

  it('refuses a code with no amount in the new wallet currency at sign-up, and says why; a euro sign-up may use it', async () => {
    const code = `EUR${randomBytes(3).toString('hex').toUpperCase()}`;
    await api.ctx.database.db.insert(promotions).values({ promoCode: code, bonusKind: 'fixed', bonusValue: 500, wageringMultiplier: 10 });
    const form = signUpForm({ country: 'IN', promo_code: code });
    expect((await api.json('front/register_player', form, { ip: uniqueIp() })).body).toEqual({
      status: 0,
      message: 'promotion_not_in_currency',
      errors: { promo_code: 'promotion_not_in_currency' },
    });
    expect((await api.json('front/register_player', signUpForm({ country: 'DE', promo_code: code }), { ip: uniqueIp() })).body).toEqual({ status: 1 });

    // The deposit form's check answers for the player asking: a rupee wallet is told why; a guest only whether the code exists.
    const indian = await signUp({ country: 'IN' });
    expect((await api.json('front/validate_promo_code', { promo_code: code }, { token: indian.accessToken })).body).toEqual({
      status: 0,
      message: 'promotion_not_in_currency',
    });
    expect((await api.json('front/validate_promo_code', { promo_code: 'TENFREE' }, { token: indian.accessToken })).body).toEqual({ status: 1 });
    expect((await api.json('front/validate_promo_code', { promo_code: code })).body).toEqual({ status: 1 });
  });
});

describe('replies name the currency', () => {
  let indian: LoggedIn;
  beforeAll(async () => {
    indian = await signUp({ country: 'IN' });
    await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: indian.playerId, amount: 500_000, provider: 'upi' });
    const bet = JSON.stringify({
      playerId: indian.playerId,
      transactionId: newKey('bet'),
      amount: 250,
      gameId: 'g-1',
      gameName: 'Teen Patti',
      roundId: newKey('r'),
    });
    const placed = await api.json('games/wallet/bet', bet, { headers: { 'x-signature': sign(api.ctx.config.webhookSecret, bet) } });
    expect(placed.body).toMatchObject({ status: 1, balance: { currency: 'INR', real_balance: 4750 } });
  });

  it('in the balance, the transaction list, the bet list and the session player', async () => {
    const token = indian.accessToken;
    expect((await api.json<PlayerBalanceReply>('front/get_player_balance', {}, { token })).body.player).toMatchObject({
      currency: 'INR',
      real_balance: 4750,
    });
    const transactions = await api.json<FinancialTransactionsReply>('front/get_financial_transactions', {}, { token });
    expect(transactions.body.transactions.rows).toEqual([expect.objectContaining({ type: 'deposit', amount: 5000, currency: 'INR' })]);
    const bets = await api.json<BetListReply>('front/get_bet_list', {}, { token });
    expect(bets.body.transactions.rows).toEqual([expect.objectContaining({ name: 'Teen Patti', bet: 250, currency: 'INR' })]);
    const me = await api.json<{ player: { currency: string } }>('front/auth/player', undefined, { method: 'GET', token });
    expect(me.body.player.currency).toBe('INR');
  });

  it("opens real play in the player's currency whatever the page's locale; a guest's free play counts in the locale's", async () => {
    const german = await signUp({ country: 'DE' });
    const session = async (options: { token?: string; lang: string }) => {
      const { body } = await api.json<{ status: number; gameURL: string }>(
        'front/get_game_url',
        { game_code: 'lucky-dice', is_real: Boolean(options.token), lang: options.lang },
        options.token ? { token: options.token } : {},
      );
      const s = new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
      return (await api.json<StudioSessionReply>('studio/session', { session: s })).body;
    };
    expect(await session({ token: indian.accessToken, lang: 'de' })).toMatchObject({ mode: 'real', currency: 'INR', balance: 4750 });
    expect(await session({ token: german.accessToken, lang: 'in' })).toMatchObject({ mode: 'real', currency: 'EUR' });
    expect(await session({ lang: 'in' })).toMatchObject({ mode: 'fun', currency: 'INR' });
    expect(await session({ lang: 'de' })).toMatchObject({ mode: 'fun', currency: 'EUR' });
    expect(await readBalance(api.ctx.database.db, indian.playerId)).toMatchObject({ currency: 'INR' });
  });
});
