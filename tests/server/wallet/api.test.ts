// The wallet's calls as the site and a game studio use them: balance, transaction and
// bet lists with their filters, withdrawal cancel, the signed game wallet callback,
// and that another player's money is never reachable, whatever the body says.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../src/server/db/client.ts';
import { approveWithdrawal } from '../../../src/server/payments/desk.ts';
import { walletOf, type Wallet } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { createPlayers, newKey, sign, tokenFor } from '../../helpers/wallet.ts';
import { requestedWithdrawal } from '../payments/helpers.ts';

let api: TestApi;
let wallet: Wallet;
let alice: number;
let bob: number;
let aliceToken: string;
let bobToken: string;
const DAY = 86_400_000;

beforeAll(async () => {
  api = await testApi();
  wallet = walletOf(api.ctx);
  [alice, bob] = (await createPlayers(api.ctx.database.db, 2)) as [number, number];
  aliceToken = await tokenFor(api.ctx, alice);
  bobToken = await tokenFor(api.ctx, bob);
});
afterAll(() => api.close());

async function deposit(playerId: number, amount: number, provider = 'card', invoiceId?: string): Promise<number> {
  const o = await wallet.deposit({ key: newKey('dep'), playerId, amount, provider, ...(invoiceId ? { invoiceId } : {}) });
  if (!o.ok) throw new Error(o.code);
  return o.operationId;
}

async function withdraw(playerId: number, amount: number): Promise<number> {
  const o = await wallet.withdrawalRequest({ key: newKey('wd'), playerId, amount, provider: 'bank' });
  if (!o.ok) throw new Error(o.code);
  return o.operationId;
}

/** Moves a financial transaction or bet into the past, as history a player may look back on. */
async function age(table: 'financial_transactions' | 'player_bets', id: number, days: number): Promise<void> {
  await api.ctx.database.db.execute(sql`update ${sql.raw(table)} set created_at = now() - make_interval(days => ${days}) where id = ${id}`);
}

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * DAY).toISOString().slice(0, 10);

describe('front/get_player_balance', () => {
  it("answers the token's balances as two-decimal numbers with wagering progress, whatever id the body names", async () => {
    const player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    await deposit(player, 12_345);
    const token = await tokenFor(api.ctx, player);
    const { status, body } = await api.json('front/get_player_balance', { id: alice, playerId: alice, player_id: alice }, { token });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 1,
      player: {
        currency: 'EUR',
        total_balance: 123.45,
        real_balance: 123.45,
        bonus_balance: 0,
        locked_balance: 0,
        wagering: { required: 0, wagered: 0, remaining: 0 },
      },
      bonus: null,
    });
  });

  it('shows zeros for a player whose wallet was never touched, and 401 without a token', async () => {
    const player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    const token = await tokenFor(api.ctx, player);
    expect((await api.json('front/get_player_balance', {}, { token })).body).toMatchObject({ status: 1, player: { total_balance: 0, real_balance: 0 } });
    expect((await api.json('front/get_player_balance', { id: player })).status).toBe(401);
  });

  it('counts real and bonus in the total but not money locked for a withdrawal', async () => {
    const player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    await deposit(player, 10_000);
    await withdraw(player, 2500);
    const token = await tokenFor(api.ctx, player);
    expect((await api.json('front/get_player_balance', {}, { token })).body).toMatchObject({
      player: { total_balance: 75, real_balance: 75, bonus_balance: 0, locked_balance: 25 },
    });
  });
});

describe('front/get_financial_transactions', () => {
  let recent: number;
  let pending: number;
  let fortyDaysAgo: number;
  let threeMonthsAgo: number;

  beforeAll(async () => {
    recent = await deposit(alice, 5000, 'card');
    await deposit(alice, 7000, 'crypto');
    pending = await withdraw(alice, 1000);
    fortyDaysAgo = await deposit(alice, 300, 'card');
    await age('financial_transactions', fortyDaysAgo, 40);
    threeMonthsAgo = await deposit(alice, 900, 'card');
    await age('financial_transactions', threeMonthsAgo, 88);
    await deposit(bob, 99_900, 'card');
  });

  it("lists the last 30 days of the token's player, newest first, as the contract's rows", async () => {
    const { body } = await api.json<{ status: number; transactions: { count: number; rows: Record<string, unknown>[] } }>(
      'front/get_financial_transactions',
      { playerId: bob },
      { token: aliceToken },
    );
    expect(body.status).toBe(1);
    expect(body.transactions.count).toBe(3);
    expect(body.transactions.rows.map((r) => r.amount)).toEqual([10, 70, 50]);
    expect(body.transactions.rows[0]).toEqual({
      id: pending,
      type: 'withdrawal',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      amount: 10,
      currency: 'EUR',
      name: 'bank',
      status: 'pending',
      is_bonus: false,
      source: 'wallet',
      reason: null,
    });
    expect(body.transactions.rows[2]).toMatchObject({ id: recent, type: 'deposit', name: 'card', status: 'complete' });
    const bobs = await api.json('front/get_financial_transactions', { playerId: alice, id: alice }, { token: bobToken });
    expect(bobs.body).toMatchObject({ status: 1, transactions: { count: 1, rows: [{ amount: 999 }] } });
  });

  it('filters by status and provider, sorts by any column and pages', async () => {
    const list = async (params: Record<string, unknown>) =>
      (
        await api.json<{ transactions: { count: number; rows: { amount: number; name: string }[] } }>('front/get_financial_transactions', params, {
          token: aliceToken,
        })
      ).body.transactions;
    expect((await list({ filterStatus: 'pending' })).rows.map((r) => r.amount)).toEqual([10]);
    expect((await list({ filterStatus: 'complete', filterProvider: 'crypto' })).rows.map((r) => r.amount)).toEqual([70]);
    expect((await list({ sortBy: 'amount', sortDesc: false })).rows.map((r) => r.amount)).toEqual([10, 50, 70]);
    expect((await list({ sortBy: 'name', sortDesc: true })).rows.map((r) => r.name)).toEqual(['crypto', 'card', 'bank']);
    const page2 = await list({ itemsPerPage: 2, page: 2 });
    expect(page2).toEqual({ count: 3, rows: [expect.objectContaining({ amount: 50 })] });
    expect(await list({ itemsPerPage: 2, page: 9 })).toEqual({ count: 3, rows: [] });
    expect((await list({ filterPeriod: 0 })).count).toBe(3);
  });

  it('reaches three months back with a custom period of up to a year', async () => {
    const list = async (params: Record<string, unknown>) =>
      (
        await api.json<{ transactions: { rows: { amount: number }[] } }>('front/get_financial_transactions', params, { token: aliceToken })
      ).body.transactions.rows.map((r) => r.amount);
    expect(await list({ filterPeriod: 3, filterStartDate: day(92), filterEndDate: day(0) })).toEqual([10, 70, 50, 3, 9]);
    expect(await list({ filterPeriod: 3, filterStartDate: day(41), filterEndDate: day(39) })).toEqual([3]);
    expect(await list({ filterPeriod: '3', filterStartDate: day(365), filterEndDate: day(0), sortBy: 'createdAt', sortDesc: false })).toEqual([
      9, 3, 50, 70, 10,
    ]);
  });

  it('refuses a malformed filter with 400 and the failing field', async () => {
    const refused = (params: Record<string, unknown>) => api.json('front/get_financial_transactions', params, { token: aliceToken });
    expect(await refused({ filterPeriod: 3, filterStartDate: day(400), filterEndDate: day(0) })).toEqual({
      status: 400,
      body: { status: 0, message: 'validation_failed', errors: { filterEndDate: 'date_range_too_long' } },
    });
    expect((await refused({ filterPeriod: 3 })).body).toMatchObject({ errors: { filterStartDate: 'field_required', filterEndDate: 'field_required' } });
    expect((await refused({ filterPeriod: 3, filterStartDate: day(1), filterEndDate: day(5) })).body).toMatchObject({
      errors: { filterEndDate: 'invalid_date_range' },
    });
    expect((await refused({ filterStartDate: '2024-02-30' })).body).toMatchObject({ errors: { filterStartDate: 'invalid_date' } });
    expect((await refused({ itemsPerPage: 1000 })).status).toBe(400);
    expect((await refused({ page: 0 })).status).toBe(400);
    expect((await refused({ sortBy: 'password' })).status).toBe(400);
    expect((await refused({ filterStatus: 'stolen' })).status).toBe(400);
    expect((await refused({ filterPeriod: 7 })).status).toBe(400);
  });
});

describe('front/get_financial_transaction', () => {
  it("finds the token's own transaction by id or invoice id, and answers another's exactly like a missing one", async () => {
    const invoice = newKey('inv');
    const own = await deposit(alice, 4200, 'payop', invoice);
    const others = await deposit(bob, 4200, 'payop', newKey('inv'));
    expect((await api.json('front/get_financial_transaction', { tx_id: String(own), invoice_id: '' }, { token: aliceToken })).body).toMatchObject({
      status: 1,
      transaction: { id: own, amount: 42, status: 'complete', type: 'deposit', invoice_id: invoice },
    });
    expect((await api.json('front/get_financial_transaction', { tx_id: '', invoice_id: invoice }, { token: aliceToken })).body).toMatchObject({
      status: 1,
      transaction: { id: own, amount: 42 },
    });
    expect((await api.json('front/get_financial_transaction', { tx_id: invoice }, { token: aliceToken })).body).toMatchObject({
      status: 1,
      transaction: { id: own },
    });
    const foreign = await api.json('front/get_financial_transaction', { tx_id: others }, { token: aliceToken });
    const missing = await api.json('front/get_financial_transaction', { tx_id: 987_654_321 }, { token: aliceToken });
    expect(foreign).toEqual(missing);
    expect(foreign).toEqual({ status: 200, body: { status: 0, message: 'transaction_not_found' } });
    expect((await api.json('front/get_financial_transaction', {}, { token: aliceToken })).status).toBe(400);
  });
});

describe('front/get_bet_list', () => {
  let player: number;
  let token: string;

  beforeAll(async () => {
    player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    token = await tokenFor(api.ctx, player);
    await deposit(player, 100_000);
    const play = async (gameName: string, amount: number, win: number, provider = 'studio-a') => {
      const key = newKey('bet');
      await wallet.bet({ key, playerId: player, amount, gameId: gameName.toLowerCase(), gameName, roundId: key, provider });
      if (win >= 0) await wallet.win({ key: newKey('win'), playerId: player, betKey: key, amount: win });
      return key;
    };
    await play('Aviator', 1000, 2500);
    await play('Book of Ra', 500, 0);
    await play('Starburst', 200, -1, 'studio-b');
    const rolledBack = await play('Roulette', 700, -1);
    await wallet.rollback({ key: newKey('rb'), playerId: player, betKey: rolledBack });
    const old = await play('Old Game', 100, 0);
    const [row] = await api.ctx.database.db
      .execute(sql`select id from player_bets where bet_key = ${old}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { id: number }[]);
    await age('player_bets', Number(row?.id), 45);
    const other = await createPlayers(api.ctx.database.db, 1);
    await deposit(other[0] as number, 5000);
    await wallet.bet({ key: newKey('bet'), playerId: other[0] as number, amount: 4000, gameId: 'x', gameName: 'Secret Game', roundId: 'r' });
  });

  it('lists game, bet, win and total, newest first when the old client sends no sort key', async () => {
    const { body } = await api.json<{ status: number; transactions: { count: number; rows: Record<string, unknown>[] } }>(
      'front/get_bet_list',
      { playerId: alice, sortBy: '', sortDesc: false, page: 1, itemsPerPage: 10, filterPeriod: 2 },
      { token },
    );
    expect(body.status).toBe(1);
    expect(body.transactions.count).toBe(3);
    expect(body.transactions.rows.map((r) => r.name)).toEqual(['Starburst', 'Book of Ra', 'Aviator']);
    expect(body.transactions.rows[2]).toMatchObject({ name: 'Aviator', bet: 10, win: 25, total: 15, createdAt: expect.stringMatching(/Z$/) });
    expect(body.transactions.rows[1]).toMatchObject({ bet: 5, win: 0, total: -5 });
  });

  it('sorts by the contract keys, filters by provider and reaches older rounds with a custom period', async () => {
    const names = async (params: Record<string, unknown>) =>
      (await api.json<{ transactions: { rows: { name: string }[] } }>('front/get_bet_list', params, { token })).body.transactions.rows.map((r) => r.name);
    expect(await names({ sortBy: 'win', sortDesc: true })).toEqual(['Aviator', 'Starburst', 'Book of Ra']);
    expect(await names({ sortBy: 'bet', sortDesc: false })).toEqual(['Starburst', 'Book of Ra', 'Aviator']);
    expect(await names({ sortBy: 'name' })).toEqual(['Starburst', 'Book of Ra', 'Aviator']);
    expect(await names({ filterProvider: 'studio-b' })).toEqual(['Starburst']);
    expect(await names({ filterPeriod: 3, filterStartDate: day(60), filterEndDate: day(0) })).toEqual(['Starburst', 'Book of Ra', 'Aviator', 'Old Game']);
    expect(await names({ itemsPerPage: 1, page: 3 })).toEqual(['Aviator']);
  });
});

describe('front/cancel_withdrawal_request', () => {
  it('cancels its own pending withdrawal once and returns the money, answering a repeat the same way', async () => {
    const player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    const token = await tokenFor(api.ctx, player);
    await deposit(player, 10_000);
    const transactionId = await requestedWithdrawal(api, { id: player, token }, 4000);
    const first = await api.json('front/cancel_withdrawal_request', { transactionId }, { token });
    expect(first).toEqual({
      status: 200,
      body: {
        status: 1,
        player: {
          currency: 'EUR',
          total_balance: 100,
          real_balance: 100,
          bonus_balance: 0,
          locked_balance: 0,
          wagering: { required: 0, wagered: 0, remaining: 0 },
        },
      },
    });
    expect(await api.json('front/cancel_withdrawal_request', { transactionId: String(transactionId) }, { token })).toEqual(first);
    expect((await api.json('front/get_player_balance', {}, { token })).body).toMatchObject({ player: { real_balance: 100, locked_balance: 0 } });
  });

  it("refuses another player's withdrawal, a deposit, and a withdrawal already paid out", async () => {
    const transactionId = await requestedWithdrawal(api, { id: bob, token: bobToken }, 1000);
    expect((await api.json('front/cancel_withdrawal_request', { transactionId, playerId: bob }, { token: aliceToken })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
    const [row] = await api.ctx.database.db
      .execute(sql`select status from financial_transactions where id = ${transactionId}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { status: string }[]);
    expect(row?.status).toBe('pending');
    const depositId = await deposit(alice, 100);
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: depositId }, { token: aliceToken })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
    const paid = await requestedWithdrawal(api, { id: alice, token: aliceToken }, 1000);
    const [payment] = await rows<{ id: number }>(api.ctx.database.db, sql`select id from payments where wallet_tx_id = ${paid}`);
    expect(await approveWithdrawal(api.ctx, { staffId: null, via: 'test' }, Number(payment?.id))).toEqual({ ok: true, status: 'complete' });
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: paid }, { token: aliceToken })).body).toEqual({
      status: 0,
      message: 'withdrawal_not_pending',
    });
    expect((await api.json('front/cancel_withdrawal_request', { transactionId: 'abc' }, { token: aliceToken })).status).toBe(400);
  });
});

describe('never another player', () => {
  it("shows none of another player's balance, transactions or bets whatever ids the body carries", async () => {
    const [victim, intruder] = (await createPlayers(api.ctx.database.db, 2)) as [number, number];
    const token = await tokenFor(api.ctx, intruder);
    const victimDeposit = await deposit(victim, 77_700);
    await wallet.bet({ key: newKey('bet'), playerId: victim, amount: 700, gameId: 'g', gameName: 'Victim Game', roundId: 'r' });
    const ids = { id: victim, playerId: victim, player_id: victim };
    expect((await api.json('front/get_player_balance', ids, { token })).body).toMatchObject({ player: { total_balance: 0 } });
    expect((await api.json('front/get_financial_transactions', ids, { token })).body).toEqual({ status: 1, transactions: { count: 0, rows: [] } });
    expect((await api.json('front/get_bet_list', ids, { token })).body).toEqual({ status: 1, transactions: { count: 0, rows: [] } });
    expect((await api.json('front/get_financial_transaction', { ...ids, tx_id: victimDeposit }, { token })).body).toEqual({
      status: 0,
      message: 'transaction_not_found',
    });
  });

  it('asks for a token on every wallet call and survives hostile bodies without a 500', async () => {
    const paths = [
      'front/get_player_balance',
      'front/get_financial_transactions',
      'front/get_financial_transaction',
      'front/get_bet_list',
      'front/cancel_withdrawal_request',
    ];
    for (const path of paths) expect((await api.json(path, {})).status, path).toBe(401);
    const bodies = [
      '',
      'null',
      '[]',
      '"x"',
      '{"page":"1e9"}',
      '{"filterStartDate":{"$gt":""}}',
      '{"transactionId":-1}',
      '{"tx_id":[1]}',
      `{"sortBy":"created_at; drop table players"}`,
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const response = await api.call(path, body, { token: aliceToken });
        expect(response.status, `${path} ${body}`).toBeLessThan(500);
      }
    }
  });
});

describe('game wallet callback', () => {
  const post = (path: string, payload: unknown, signature?: string) => {
    const body = JSON.stringify(payload);
    return api.json(`games/wallet/${path}`, body, { headers: { 'x-signature': signature ?? sign(api.ctx.config.webhookSecret, body) } });
  };

  it('takes a signed bet, pays its win, and answers a retried bet with the first reply', async () => {
    const player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    await deposit(player, 5000);
    const bet = { playerId: player, transactionId: newKey('tx'), amount: 12.5, gameId: 'aviator', gameName: 'Aviator', roundId: 'r-1', provider: 'spribe' };
    const first = await post('bet', bet);
    expect(first).toMatchObject({ status: 200, body: { status: 1, balance: { real_balance: 37.5, total_balance: 37.5 } } });
    expect(await post('bet', bet)).toEqual(first);
    expect((await post('win', { playerId: player, transactionId: newKey('tx'), betTransactionId: bet.transactionId, amount: '30.00' })).body).toMatchObject({
      status: 1,
      balance: { real_balance: 67.5 },
    });
    expect((await post('rollback', { playerId: player, transactionId: newKey('tx'), betTransactionId: bet.transactionId })).body).toMatchObject({
      status: 0,
      message: 'round_settled',
      balance: { real_balance: 67.5 },
    });
    expect((await post('bet', { ...bet, transactionId: newKey('tx'), amount: 1000 })).body).toMatchObject({ status: 0, message: 'insufficient_funds' });
  });

  it('refuses an unsigned or wrongly signed call with 401 and a bad body with 400, moving nothing', async () => {
    const player = (await createPlayers(api.ctx.database.db, 1))[0] as number;
    await deposit(player, 5000);
    const bet = { playerId: player, transactionId: newKey('tx'), amount: 10, gameId: 'g', gameName: 'G', roundId: 'r' };
    expect((await api.json('games/wallet/bet', bet)).status).toBe(401);
    expect((await post('bet', bet, sign('another-secret-another-secret-another', JSON.stringify(bet)))).status).toBe(401);
    expect((await post('bet', bet, 'zz')).status).toBe(401);
    expect(await post('bet', { ...bet, amount: 10.005 })).toMatchObject({ status: 400, body: { errors: { amount: 'invalid_amount' } } });
    expect((await post('bet', { ...bet, amount: -1 })).status).toBe(400);
    expect((await post('bet', { ...bet, gameName: '' })).status).toBe(400);
    const token = await tokenFor(api.ctx, player);
    expect((await api.json('front/get_player_balance', {}, { token })).body).toMatchObject({ player: { real_balance: 50 } });
  });
});
