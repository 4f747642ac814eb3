// The wallet's rules on a real database (PGlite, and PostgreSQL when configured):
// double spend, idempotency, the rollback matrix, bonus and wagering, withdrawals.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pushes } from '../../../src/server/context.ts';
import { type Database, rows } from '../../../src/server/db/client.ts';
import { promotions } from '../../../src/server/db/schema/index.ts';
import {
  auditLedger,
  balancedPerCurrency,
  createWallet,
  readBalance,
  type Wallet,
  type WalletBalanceInfo,
  type WalletOutcome,
} from '../../../src/server/wallet/index.ts';
import { testDatabase } from '../../helpers/db.ts';
import { createPlayers, newKey } from '../../helpers/wallet.ts';

let database: Database;
let wallet: Wallet;
const pushed: { playerId: number; balance: WalletBalanceInfo; committed: Promise<number> }[] = [];

beforeAll(async () => {
  database = await testDatabase();
  const pushes: Pushes = {
    pushBalance: (playerId, balance) => {
      // Read from the database the moment the push is made: it must already show the pushed balance.
      pushed.push({ playerId, balance: balance as WalletBalanceInfo, committed: readBalance(database.db, playerId).then((b) => b.real) });
    },
    pushDepositResult: () => {},
  };
  wallet = createWallet(database.db, pushes);
});
afterAll(() => database.close());

async function player(realCents = 0, currency = 'EUR'): Promise<number> {
  const [id] = await createPlayers(database.db, 1, currency);
  if (realCents > 0) expect((await wallet.deposit({ key: newKey('dep'), playerId: id as number, amount: realCents, provider: 'card' })).ok).toBe(true);
  return id as number;
}

const bet = (playerId: number, amount: number, key = newKey('bet')) =>
  wallet.bet({ key, playerId, amount, gameId: 'book-of-ra', gameName: 'Book of Ra', roundId: `round-${key}` });
const balance = (playerId: number) => readBalance(database.db, playerId);
const strip = ({ replayed: _, ...reply }: WalletOutcome) => reply;

async function expectLedgerSound(): Promise<void> {
  const audit = await auditLedger(database.db);
  expect(audit).toMatchObject({ total: 0, negativeAccounts: [], driftedAccounts: [], unbalancedOperations: [], mixedOperations: [] });
  expect(balancedPerCurrency(audit)).toBe(true);
}

describe('double spend', () => {
  it('accepts exactly ten of fifty concurrent 10.00 bets on a 100.00 balance and refuses the rest with the balance', async () => {
    // A rupee player's fifty bets race alongside: each wallet gives exactly its own money, in its own currency.
    const p = await player(10_000);
    const indian = await player(10_000, 'INR');
    const [results, rupees] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => bet(p, 1000))),
      Promise.all(Array.from({ length: 50 }, () => bet(indian, 1000))),
    ]);
    expect(rupees.filter((r) => r.ok)).toHaveLength(10);
    expect((await balance(indian)).real).toBe(0);
    const accepted = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r).toMatchObject({ ok: false, code: 'insufficient_funds' });
      expect(r.balance?.real).toBeGreaterThanOrEqual(0);
      expect(r.balance?.real).toBeLessThan(1000);
    }
    expect((await balance(p)).real).toBe(0);
    await expectLedgerSound();
  });
});

describe('idempotency', () => {
  it('debits once for one bet id sent 100 times at once, and gives every sender the same reply', async () => {
    const p = await player(10_000);
    const key = newKey('bet');
    const results = await Promise.all(Array.from({ length: 100 }, () => bet(p, 700, key)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const first = strip(results.find((r) => !r.replayed) as WalletOutcome);
    for (const r of results) expect(strip(r)).toEqual(first);
    expect((await balance(p)).real).toBe(9300);
  });

  it('debits once for one bet id sent 100 times in a row', async () => {
    const p = await player(10_000);
    const key = newKey('bet');
    const first = await bet(p, 250, key);
    for (let i = 0; i < 99; i++) expect(strip(await bet(p, 250, key))).toEqual(strip(first));
    expect((await balance(p)).real).toBe(9750);
  });

  it('refuses the same id with another amount as a conflict and moves nothing', async () => {
    const p = await player(10_000);
    const key = newKey('bet');
    await bet(p, 1000, key);
    const again = await bet(p, 2000, key);
    expect(again).toMatchObject({ ok: false, code: 'conflict', balance: { real: 9000 } });
    expect((await balance(p)).real).toBe(9000);
  });

  it('replays a refusal too: the first answer for an id is final', async () => {
    const p = await player(500);
    const key = newKey('bet');
    expect(await bet(p, 1000, key)).toMatchObject({ ok: false, code: 'insufficient_funds' });
    await wallet.deposit({ key: newKey('dep'), playerId: p, amount: 5000, provider: 'card' });
    expect(await bet(p, 1000, key)).toMatchObject({ ok: false, code: 'insufficient_funds', replayed: true });
    expect((await balance(p)).real).toBe(5500);
  });

  it('pushes the committed balance after each change, and nothing for a repeat or a refusal', async () => {
    const p = await player();
    const key = newKey('dep');
    await wallet.deposit({ key, playerId: p, amount: 1234, provider: 'card' });
    await wallet.deposit({ key, playerId: p, amount: 1234, provider: 'card' });
    await bet(p, 99_999);
    const mine = pushed.filter((x) => x.playerId === p);
    expect(mine.map((x) => x.balance.real_balance)).toEqual([12.34]);
    expect(await mine[0]?.committed).toBe(1234);
    expect(mine[0]?.balance).toMatchObject({ total_balance: 12.34, real_balance: 12.34, bonus_balance: 0, locked_balance: 0 });
  });

  it('refuses an operation for a player who does not exist', async () => {
    expect(await bet(2_000_000_000, 100)).toMatchObject({ ok: false, code: 'unknown_player' });
  });
});

describe('rollback matrix', () => {
  it('leaves a tombstone for a rollback of an unknown bet, so the late bet is refused and nothing moves', async () => {
    const p = await player(5000);
    const betKey = newKey('bet');
    const rollback = await wallet.rollback({ key: newKey('rb'), playerId: p, betKey });
    expect(rollback).toMatchObject({ ok: true, balance: { real: 5000 } });
    expect(await bet(p, 1000, betKey)).toMatchObject({ ok: false, code: 'bet_rolled_back', balance: { real: 5000 } });
    expect((await balance(p)).real).toBe(5000);
  });

  it('refuses a win for an unknown bet', async () => {
    const p = await player(5000);
    expect(await wallet.win({ key: newKey('win'), playerId: p, betKey: newKey('nobet'), amount: 500 })).toMatchObject({ ok: false, code: 'unknown_bet' });
    expect((await balance(p)).real).toBe(5000);
  });

  it("refuses a rollback after the round's win", async () => {
    const p = await player(5000);
    const betKey = newKey('bet');
    await bet(p, 1000, betKey);
    await wallet.win({ key: newKey('win'), playerId: p, betKey, amount: 2500 });
    expect(await wallet.rollback({ key: newKey('rb'), playerId: p, betKey })).toMatchObject({ ok: false, code: 'round_settled', balance: { real: 6500 } });
    expect((await balance(p)).real).toBe(6500);
  });

  it('refunds a stake once when the same rollback arrives twice', async () => {
    const p = await player(5000);
    const betKey = newKey('bet');
    await bet(p, 1000, betKey);
    const key = newKey('rb');
    const first = await wallet.rollback({ key, playerId: p, betKey });
    const second = await wallet.rollback({ key, playerId: p, betKey });
    expect(first).toMatchObject({ ok: true, balance: { real: 5000 } });
    expect(strip(second)).toEqual(strip(first));
    expect(second.replayed).toBe(true);
    expect((await balance(p)).real).toBe(5000);
  });

  it('moves nothing for a second rollback (another id) of a bet already rolled back, and refuses its win', async () => {
    const p = await player(5000);
    const betKey = newKey('bet');
    await bet(p, 1000, betKey);
    await wallet.rollback({ key: newKey('rb'), playerId: p, betKey });
    expect(await wallet.rollback({ key: newKey('rb'), playerId: p, betKey })).toMatchObject({ ok: true, balance: { real: 5000 } });
    expect(await wallet.win({ key: newKey('win'), playerId: p, betKey, amount: 100 })).toMatchObject({ ok: false, code: 'bet_rolled_back' });
    expect((await balance(p)).real).toBe(5000);
  });

  it('moves nothing for a rollback of a refused bet, and refuses its win as unknown', async () => {
    const p = await player(500);
    const betKey = newKey('bet');
    expect((await bet(p, 1000, betKey)).ok).toBe(false);
    expect(await wallet.rollback({ key: newKey('rb'), playerId: p, betKey })).toMatchObject({ ok: true, balance: { real: 500 } });
    expect(await wallet.win({ key: newKey('win'), playerId: p, betKey, amount: 100 })).toMatchObject({ ok: false, code: 'unknown_bet' });
  });

  it("never pays or refunds another player's bet", async () => {
    const owner = await player(5000);
    const other = await player(5000);
    const betKey = newKey('bet');
    await bet(owner, 1000, betKey);
    expect(await wallet.win({ key: newKey('win'), playerId: other, betKey, amount: 3000 })).toMatchObject({ ok: false, code: 'unknown_bet' });
    expect(await wallet.rollback({ key: newKey('rb'), playerId: other, betKey })).toMatchObject({ ok: false, code: 'unknown_bet' });
    expect((await balance(other)).real).toBe(5000);
    expect((await balance(owner)).real).toBe(4000);
  });

  it('credits a repeated win once and refuses the same win id with another amount', async () => {
    const p = await player(5000);
    const betKey = newKey('bet');
    await bet(p, 1000, betKey);
    const key = newKey('win');
    await wallet.win({ key, playerId: p, betKey, amount: 3000 });
    expect((await wallet.win({ key, playerId: p, betKey, amount: 3000 })).replayed).toBe(true);
    expect(await wallet.win({ key, playerId: p, betKey, amount: 9000 })).toMatchObject({ ok: false, code: 'conflict' });
    expect((await balance(p)).real).toBe(7000);
  });

  it('survives a bet and the rollback of its id racing each other', async () => {
    const p = await player(50_000);
    const keys = Array.from({ length: 20 }, () => newKey('bet'));
    await Promise.all(keys.flatMap((betKey) => [bet(p, 100, betKey), wallet.rollback({ key: newKey('rb'), playerId: p, betKey })]));
    // Whichever came first, every stake is back: rolled back, or refused after its tombstone.
    expect((await balance(p)).real).toBe(50_000);
    await expectLedgerSound();
  });
});

describe('bonus and wagering', () => {
  async function promotion(values: Partial<typeof promotions.$inferInsert>): Promise<number> {
    const [row] = await database.db
      .insert(promotions)
      .values({ promoCode: newKey('PROMO'), bonusKind: 'fixed', bonusValue: 1000, wageringMultiplier: 10, ...values })
      .returning({ id: promotions.id });
    return row?.id as number;
  }

  it('grants a percentage of the deposit up to the cap, to be wagered bonus × multiplier times', async () => {
    const p = await player(20_000);
    const promotionId = await promotion({ bonusKind: 'percent', bonusValue: 100, maxBonus: 5000, wageringMultiplier: 10, minDeposit: 1000 });
    const granted = await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId, depositAmount: 20_000 });
    expect(granted).toMatchObject({ ok: true, balance: { real: 20_000, bonus: 5000, wagering: { required: 50_000, wagered: 0, remaining: 50_000 } } });
  });

  it('refuses promotions that do not apply, and a second bonus while one is active', async () => {
    const p = await player(20_000);
    const small = await promotion({ minDeposit: 5000 });
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: small, depositAmount: 1000 })).toMatchObject({
      code: 'deposit_too_small',
    });
    const inactive = await promotion({ status: 'inactive' });
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: inactive })).toMatchObject({ code: 'promotion_inactive' });
    const none = await promotion({ bonusKind: 'none' });
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: none })).toMatchObject({ code: 'promotion_has_no_bonus' });
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: 987_654 })).toMatchObject({ code: 'promotion_not_found' });
    const fixed = await promotion({});
    expect((await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: fixed })).ok).toBe(true);
    expect(await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: fixed })).toMatchObject({ code: 'bonus_already_active' });
    expect((await balance(p)).bonus).toBe(1000);
  });

  it('takes real money first, then bonus, and splits a win on a mixed stake the way the stake was paid', async () => {
    const p = await player(10_000);
    await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: await promotion({ bonusValue: 5000, wageringMultiplier: 10 }) });
    const betKey = newKey('bet');
    expect(await bet(p, 12_000, betKey)).toMatchObject({ ok: true, balance: { real: 0, bonus: 3000, wagering: { wagered: 12_000 } } });
    // 2,000 of the 12,000 stake was bonus: a sixth of the win is bonus money.
    expect(await wallet.win({ key: newKey('win'), playerId: p, betKey, amount: 6001 })).toMatchObject({ ok: true, balance: { real: 5001, bonus: 4000 } });
  });

  it('converts what is left of the bonus to real in the bet that meets the requirement', async () => {
    const p = await player(10_000);
    await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: await promotion({ bonusValue: 1000, wageringMultiplier: 2 }) });
    expect(await bet(p, 1500)).toMatchObject({ balance: { real: 8500, bonus: 1000, wagering: { required: 2000, wagered: 1500, remaining: 500 } } });
    expect(await bet(p, 500)).toMatchObject({ balance: { real: 9000, bonus: 0, wagering: { required: 0, wagered: 0, remaining: 0 } } });
    const [converted] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from financial_transactions where player_id = ${p} and type = 'bonus_conversion' and amount = 1000`,
    );
    expect(converted?.n).toBe(1);
    await expectLedgerSound();
  });

  it('refuses a withdrawal while a bonus is unwagered, unless the player forfeits it', async () => {
    const p = await player(10_000);
    await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: await promotion({ bonusValue: 2000, wageringMultiplier: 5 }) });
    expect(await wallet.withdrawalRequest({ key: newKey('wd'), playerId: p, amount: 5000, provider: 'bank' })).toMatchObject({
      ok: false,
      code: 'not_meet_wager_requirement',
      balance: { real: 10_000, bonus: 2000 },
    });
    const forfeited = await wallet.withdrawalRequest({ key: newKey('wd'), playerId: p, amount: 5000, provider: 'bank', forfeitBonus: true });
    expect(forfeited).toMatchObject({ ok: true, balance: { real: 5000, bonus: 0, locked: 5000, wagering: { required: 0 } } });
    await expectLedgerSound();
  });

  it('keeps the bonus share of a win with the house once the bonus was forfeited', async () => {
    const p = await player(1000);
    await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: await promotion({ bonusValue: 1000, wageringMultiplier: 10 }) });
    const betKey = newKey('bet');
    await bet(p, 2000, betKey);
    await wallet.bonusForfeit({ key: newKey('forfeit'), playerId: p });
    expect(await wallet.win({ key: newKey('win'), playerId: p, betKey, amount: 4000 })).toMatchObject({ ok: true, balance: { real: 2000, bonus: 0 } });
  });

  it('returns a rolled-back stake the way it came and takes it back out of the wagering', async () => {
    const p = await player(1000);
    await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: await promotion({ bonusValue: 1000, wageringMultiplier: 10 }) });
    const betKey = newKey('bet');
    expect(await bet(p, 1500, betKey)).toMatchObject({ balance: { real: 0, bonus: 500, wagering: { wagered: 1500 } } });
    expect(await wallet.rollback({ key: newKey('rb'), playerId: p, betKey })).toMatchObject({
      ok: true,
      balance: { real: 1000, bonus: 1000, wagering: { required: 10_000, wagered: 0, remaining: 10_000 } },
    });
  });

  it('pays a bonus without wagering straight into real money', async () => {
    const p = await player();
    expect(
      await wallet.bonusGrant({ key: newKey('grant'), playerId: p, promotionId: await promotion({ bonusValue: 700, wageringMultiplier: 0 }) }),
    ).toMatchObject({
      ok: true,
      balance: { real: 700, bonus: 0 },
    });
    expect(await wallet.bonusConvert({ key: newKey('convert'), playerId: p })).toMatchObject({ ok: false, code: 'no_active_bonus' });
  });
});

describe('withdrawals', () => {
  it('locks the money on request, sends it out on completion, and refuses to cancel it afterwards', async () => {
    const p = await player(10_000);
    const request = await wallet.withdrawalRequest({ key: newKey('wd'), playerId: p, amount: 4000, provider: 'bank' });
    expect(request).toMatchObject({ ok: true, balance: { real: 6000, locked: 4000 } });
    const transactionId = request.ok ? request.operationId : 0;
    expect(await wallet.withdrawalComplete({ key: newKey('done'), transactionId })).toMatchObject({ ok: true, balance: { real: 6000, locked: 0 } });
    expect(await wallet.withdrawalCancel({ key: newKey('cancel'), transactionId, playerId: p })).toMatchObject({ ok: false, code: 'withdrawal_not_pending' });
    await expectLedgerSound();
  });

  it("returns a cancelled withdrawal to real money, and never cancels another player's", async () => {
    const p = await player(10_000);
    const other = await player(10_000);
    const request = await wallet.withdrawalRequest({ key: newKey('wd'), playerId: p, amount: 3000, provider: 'bank' });
    const transactionId = request.ok ? request.operationId : 0;
    expect(await wallet.withdrawalCancel({ key: newKey('cancel'), transactionId, playerId: other })).toMatchObject({
      ok: false,
      code: 'transaction_not_found',
    });
    expect(await wallet.withdrawalCancel({ key: newKey('cancel'), transactionId, playerId: p })).toMatchObject({
      ok: true,
      balance: { real: 10_000, locked: 0 },
    });
  });

  it('refuses a withdrawal larger than the real balance', async () => {
    const p = await player(1000);
    expect(await wallet.withdrawalRequest({ key: newKey('wd'), playerId: p, amount: 1001, provider: 'bank' })).toMatchObject({
      ok: false,
      code: 'insufficient_funds',
      balance: { real: 1000 },
    });
  });
});

describe('database guards', () => {
  it('refuses to take a player account below zero even by a direct update', async () => {
    const p = await player(100);
    await expect(database.db.execute(sql`update wallet_accounts set balance = -1 where player_id = ${p} and kind = 'real'`)).rejects.toThrow();
    expect((await balance(p)).real).toBe(100);
  });

  it('refuses to edit or delete a ledger entry', async () => {
    await player(100);
    await expect(database.db.execute(sql`update wallet_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from wallet_entries`)).rejects.toThrow();
    await expectLedgerSound();
  });
});
