// The registration code TENFREE ("€10 free, no deposit needed … Activate your account from
// the email we send you … Wagering 40×, max cash-out €100, valid 30 days … once per
// person") from sign-up to the ledger: every term the promotion states, through the API
// a player uses and the wallet the games use.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/server/clock.ts';
import { rows } from '../../../src/server/db/client.ts';
import { players, settings } from '../../../src/server/db/schema/index.ts';
import type { ActivateAccountReply, PlayerBalanceReply, RegistrationBonusReply } from '../../../src/shared/wallet.ts';
import { auditLedger, expireBonuses, walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { type LoggedIn, logIn, type MailCatcher, signUpForm, startMailCatcher, uniqueIp } from './helpers.ts';

const DAY = 86_400_000;
const clock = manualClock(Date.parse('2026-03-01T12:00:00Z'));

let api: TestApi;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  api = await testApi({ SMTP_URL: mail.url, SITE_URL: 'https://casino.test' }, { clock });
});
afterAll(async () => {
  await api?.close();
  await mail?.close();
});

const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');

/** Sign-up details of a person nobody else in this suite is: own email, phone number, name. */
function person(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const first = `Ann${letters(6)}`;
  return signUpForm({
    promo_code: 'TENFREE',
    email: `${first.toLowerCase()}@mail.test`,
    countryPhone: '+49',
    phone_number1: `151${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`,
    first_name: first,
    last_name: `Berg${letters(6)}`,
    birthday: '1990-05-17',
    ...overrides,
  });
}

interface SignedUp {
  form: Record<string, unknown>;
  session: LoggedIn;
  /** The token of the activation link mailed to the player. */
  token: string;
}

async function signUp(form: Record<string, unknown>, ip = uniqueIp()): Promise<SignedUp> {
  const reply = await api.json('front/register_player', form, { ip });
  expect(reply.body).toEqual({ status: 1 });
  const letter = await mail.next(form.email as string);
  const token = new URL(letter.links[0] ?? '').searchParams.get('activation_token') ?? '';
  const session = await logIn(api, form.username as string, form.password as string);
  return { form, session, token };
}

const activate = async (token: string) => (await api.json<ActivateAccountReply>('front/activate_account', { token })).body;
const balanceOf = async (s: SignedUp) => (await api.json<PlayerBalanceReply>('front/get_player_balance', {}, { token: s.session.accessToken })).body;
const bonusOf = async (s: SignedUp) => (await api.json<RegistrationBonusReply>('front/get_registration_bonus', {}, { token: s.session.accessToken })).body;
const transactionsOf = async (s: SignedUp) =>
  (
    await api.json<{ transactions: { rows: { type: string; amount: number; name: string }[] } }>(
      'front/get_financial_transactions',
      { filterPeriod: 2 },
      { token: s.session.accessToken },
    )
  ).body.transactions.rows
    .map((r) => `${r.type} ${r.amount.toFixed(2)}`)
    .sort();

async function expectLedgerSound(): Promise<void> {
  expect(await auditLedger(api.ctx.database.db)).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [] });
}

const TERMS = { promo_code: 'TENFREE', currency: 'EUR', amount: 10, wagering_required: 400, max_cashout: 100, valid_days: 30 };

describe('the TENFREE registration bonus', () => {
  it('credits nothing before the email is confirmed, and tells the player the link brings it', async () => {
    const player = await signUp(person({ promo_code: 'tenfree ' }));
    expect(await balanceOf(player)).toMatchObject({ player: { bonus_balance: 0, total_balance: 0, wagering: { required: 0 } }, bonus: null });
    expect(await bonusOf(player)).toEqual({ status: 1, bonus: { ...TERMS, state: 'awaiting_activation' } });
    await expectLedgerSound();
  });

  it('credits 10.00 with 400.00 to wager, 100.00 at most to cash out and 30 days to do it when the activation link is followed', async () => {
    const player = await signUp(person());
    const expiresAt = new Date(clock.now() + 30 * DAY).toISOString();
    expect(await activate(player.token)).toEqual({ status: 1, bonus: { ...TERMS, state: 'granted', status: 'active', expires_at: expiresAt } });
    expect(await balanceOf(player)).toEqual({
      status: 1,
      player: {
        currency: 'EUR',
        total_balance: 10,
        real_balance: 0,
        bonus_balance: 10,
        locked_balance: 0,
        wagering: { required: 400, wagered: 0, remaining: 400 },
      },
      bonus: { promo_code: 'TENFREE', currency: 'EUR', amount: 10, expires_at: expiresAt, max_cashout: 100 },
    });
    expect(await transactionsOf(player)).toEqual(['bonus 10.00']);
    await expectLedgerSound();
  });

  it('still shows 10.00 when the link is followed again, or the bonus is looked at again', async () => {
    const player = await signUp(person());
    const first = await activate(player.token);
    expect(await activate(player.token)).toEqual(first);
    expect(await activate(player.token)).toEqual(first);
    expect((await bonusOf(player)).bonus).toEqual(first.bonus);
    expect(await balanceOf(player)).toMatchObject({ player: { bonus_balance: 10, wagering: { required: 400 } } });
    expect(await transactionsOf(player)).toEqual(['bonus 10.00']);
    await expectLedgerSound();
  });

  it('gives nothing for a promo code whose bonus needs a deposit', async () => {
    const player = await signUp(person({ promo_code: 'WELCOME100' }));
    expect(await activate(player.token)).toEqual({ status: 1 });
    expect(await bonusOf(player)).toEqual({ status: 1, bonus: null });
    expect(await balanceOf(player)).toMatchObject({ player: { bonus_balance: 0 } });
  });

  describe('once per person', () => {
    it.each([
      ['the same email address', (first: Record<string, unknown>) => ({ email: (first.email as string).toUpperCase() })],
      ['the same mailbox under a +tag', (first: Record<string, unknown>) => ({ email: (first.email as string).replace('@', '+second@') })],
      ['the same phone number', (first: Record<string, unknown>) => ({ phone_number1: first.phone_number1 })],
      [
        'the same name and birthday, written differently',
        (first: Record<string, unknown>) => ({ first_name: ` ${(first.last_name as string).toUpperCase()}`, last_name: first.first_name }),
      ],
    ])('refuses a second account with %s, and says why', async (_, same) => {
      const first = await signUp(person());
      expect((await activate(first.token)).bonus).toMatchObject({ state: 'granted' });
      const second = await signUp(person(same(first.form)));
      expect(await activate(second.token)).toEqual({ status: 1, bonus: { ...TERMS, state: 'refused', reason: 'bonus_once_per_person' } });
      expect((await bonusOf(second)).bonus).toMatchObject({ state: 'refused', reason: 'bonus_once_per_person' });
      expect(await balanceOf(second)).toMatchObject({ player: { bonus_balance: 0, wagering: { required: 0 } }, bonus: null });
      expect(await transactionsOf(second)).toEqual([]);
      // The account itself is activated all the same.
      const [row] = await api.ctx.database.db.select().from(players).where(eq(players.id, second.session.playerId));
      expect(row?.emailVerifiedAt).not.toBeNull();
      expect(await balanceOf(first)).toMatchObject({ player: { bonus_balance: 10 } });
    });

    it('grants two people who share a surname and a birthday, or a postal address', async () => {
      const first = await signUp(person());
      const second = await signUp(person({ last_name: first.form.last_name, birthday: first.form.birthday, address: first.form.address }));
      expect((await activate(first.token)).bonus).toMatchObject({ state: 'granted' });
      expect((await activate(second.token)).bonus).toMatchObject({ state: 'granted' });
    });

    it('counts the registration address only while one account per IP is on', async () => {
      const ip = uniqueIp();
      const [a, b, c] = [await signUp(person(), ip), await signUp(person(), ip), await signUp(person(), ip)];
      expect((await activate(a.token)).bonus).toMatchObject({ state: 'granted' });
      expect((await activate(b.token)).bonus).toMatchObject({ state: 'granted' });
      await api.ctx.database.db.update(settings).set({ oneAccountPerIp: true });
      api.ctx.settings.invalidate();
      try {
        expect((await activate(c.token)).bonus).toMatchObject({ state: 'refused', reason: 'bonus_once_per_person' });
      } finally {
        await api.ctx.database.db.update(settings).set({ oneAccountPerIp: false });
        api.ctx.settings.invalidate();
      }
    });

    it('grants exactly one of two accounts of one person activated at the same moment', async () => {
      const first = await signUp(person());
      const second = await signUp(person({ phone_number1: first.form.phone_number1 }));
      const replies = await Promise.all([activate(first.token), activate(second.token)]);
      expect(replies.map((r) => r.bonus?.state).sort()).toEqual(['granted', 'refused']);
      const total = (await balanceOf(first)).player.bonus_balance + (await balanceOf(second)).player.bonus_balance;
      expect(total).toBe(10);
      await expectLedgerSound();
    });
  });

  describe('wagering and the maximum cash-out', () => {
    let round = 0;
    const wallet = () => walletOf(api.ctx);
    const play = async (playerId: number, stake: number, win: number) => {
      const key = `tenfree-${playerId}-${++round}`;
      expect(await wallet().bet({ key, playerId, amount: stake, gameId: 'dice', gameName: 'Dice', roundId: key })).toMatchObject({ ok: true });
      return { win: () => wallet().win({ key: `${key}-win`, playerId, betKey: key, amount: win }) };
    };

    it('counts every stake toward the 400.00 and turns at most 100.00 into real money; the rest is forfeited', async () => {
      const player = await signUp(person());
      await activate(player.token);
      const id = player.session.playerId;
      // 10.00 staked and 500.00 won with bonus money.
      expect(await (await play(id, 1000, 50_000)).win()).toMatchObject({ ok: true, balance: { real: 0, bonus: 50_000, wagering: { wagered: 1000 } } });
      expect(await balanceOf(player)).toMatchObject({ player: { bonus_balance: 500, wagering: { required: 400, wagered: 10, remaining: 390 } } });
      // The stake that meets the 400.00 leaves 110.00 of bonus money: 100.00 becomes real, 10.00 is forfeited.
      const last = await play(id, 39_000, 80_000);
      expect(await balanceOf(player)).toEqual({
        status: 1,
        player: {
          currency: 'EUR',
          total_balance: 100,
          real_balance: 100,
          bonus_balance: 0,
          locked_balance: 0,
          wagering: { required: 0, wagered: 0, remaining: 0 },
        },
        bonus: null,
      });
      // That round's win, paid a moment later, is bonus money too: the cap is reached, the house keeps it.
      expect(await last.win()).toMatchObject({ ok: true, balance: { real: 10_000, bonus: 0 } });
      expect(await transactionsOf(player)).toEqual(['bonus 10.00', 'bonus_conversion 100.00', 'bonus_forfeit 10.00']);
      // Real money won afterwards is the player's, without a cap.
      expect(await (await play(id, 5000, 20_000)).win()).toMatchObject({ ok: true, balance: { real: 25_000 } });
      await expectLedgerSound();
    });

    it('converts the whole bonus balance when it stays under the cap', async () => {
      const player = await signUp(person());
      await activate(player.token);
      const id = player.session.playerId;
      await (await play(id, 1000, 6000)).win();
      // 39 more stakes of 10.00, each won back: the last one meets the 400.00 with 50.00 of bonus money left.
      for (let i = 0; i < 39; i++) await (await play(id, 1000, 1000)).win();
      expect(await balanceOf(player)).toMatchObject({ player: { real_balance: 60, bonus_balance: 0, wagering: { required: 0 } } });
      expect(await transactionsOf(player)).toEqual(['bonus 10.00', 'bonus_conversion 50.00']);
      await expectLedgerSound();
    });
  });

  describe('valid 30 days', () => {
    it('forfeits a bonus not wagered in 30 days, once, however many sweeps run', async () => {
      const player = await signUp(person());
      await activate(player.token);
      const wallet = walletOf(api.ctx);
      clock.advance(30 * DAY - 60_000);
      expect(await expireBonuses(wallet)).toBe(0);
      expect(await balanceOf(player)).toMatchObject({ player: { bonus_balance: 10 } });
      clock.advance(120_000);
      // Several server processes sweep at once: the bonus is forfeited once.
      const swept = await Promise.all([expireBonuses(wallet), expireBonuses(wallet), expireBonuses(wallet)]);
      expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect(await expireBonuses(wallet)).toBe(0);
      expect(await balanceOf(player)).toMatchObject({ player: { bonus_balance: 0, total_balance: 0, wagering: { required: 0 } }, bonus: null });
      expect(await transactionsOf(player)).toEqual(['bonus 10.00', 'bonus_forfeit 10.00']);
      expect((await bonusOf(player)).bonus).toMatchObject({ state: 'granted', status: 'forfeited' });
      const [forfeits] = await rows<{ n: number }>(
        api.ctx.database.db,
        sql`select count(*)::int as n from financial_transactions where player_id = ${player.session.playerId} and type = 'bonus_forfeit'`,
      );
      expect(forfeits?.n).toBe(1);
      await expectLedgerSound();
    });

    it('forfeits instead of converting when the 400.00 is met after the deadline, before any sweep', async () => {
      const player = await signUp(person());
      await activate(player.token);
      const id = player.session.playerId;
      const wallet = walletOf(api.ctx);
      await wallet.bet({ key: `late-${id}-1`, playerId: id, amount: 1000, gameId: 'dice', gameName: 'Dice', roundId: `late-${id}-1` });
      await wallet.win({ key: `late-${id}-1-win`, playerId: id, betKey: `late-${id}-1`, amount: 50_000 });
      clock.advance(31 * DAY);
      await wallet.bet({ key: `late-${id}-2`, playerId: id, amount: 39_000, gameId: 'dice', gameName: 'Dice', roundId: `late-${id}-2` });
      expect(await balanceOf(player)).toMatchObject({ player: { real_balance: 0, bonus_balance: 0, wagering: { required: 0 } } });
      expect(await transactionsOf(player)).toEqual(['bonus 10.00', 'bonus_forfeit 110.00']);
      await expectLedgerSound();
    });
  });
});
