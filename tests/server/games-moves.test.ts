// Moves that put more money on the table: blackjack's double, split and insurance,
// Casino Hold'em's call and its AA Bonus. Each extra stake is a wallet bet of its own,
// taken before the move is played and paid its own win; a move the player cannot pay
// for is not played; repeats, races and crashes never take a stake twice or lose one.
// The cards are stacked so each outcome is known before it is dealt.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rows } from '../../src/server/db/client.ts';
import { gameRounds, games, gameSessions, promotions } from '../../src/server/db/schema/index.ts';
import { dealBlackjackFrom } from '../../src/server/games/engines/blackjack.ts';
import { ONE_DECK } from '../../src/server/games/engines/cards.ts';
import { dealHoldemFrom, type HoldemChoice } from '../../src/server/games/engines/holdem.ts';
import { ENGINES } from '../../src/server/games/engines/index.ts';
import { STALE_ROUND_MS, stakeKeys, studioOf } from '../../src/server/games/studio.ts';
import { readBalance, walletOf } from '../../src/server/wallet/index.ts';
import type { StudioRound } from '../../src/shared/schemas/games.ts';
import { ABANDONED_HOURS, expectBalancedLedger, launchGame, newRoundId, studioSuite } from '../helpers/studio.ts';
import { fundedPlayer, newKey } from '../helpers/wallet.ts';

const HOURS = ABANDONED_HOURS;
const HOUR = 3_600_000;
const { api, clock } = studioSuite();

type RoundBody = { status: number; round: StudioRound; balance: number; message?: string };
type Reply = { status: number; body: RoundBody };

const db = () => api.ctx.database.db;
const wallet = () => walletOf(api.ctx);

function stacked(top: string[]): string[] {
  return [...top, ...ONE_DECK.filter((card) => !top.includes(card))];
}

/** Every blackjack deal from now on: player, dealer, player, dealer (the hole card), then the draws. */
function stackBlackjack(player: [string, string], dealer: [string, string], ...draws: string[]) {
  const shoe = stacked([player[0], dealer[0], player[1], dealer[1], ...draws]);
  vi.spyOn(ENGINES.blackjack, 'start').mockImplementation((_rng, _choice, config) => dealBlackjackFrom(shoe, config as object));
}

/** Every Casino Hold'em deal from now on: the player's two cards, the dealer's two, the flop, turn and river. */
function stackHoldem(cards: string) {
  const nine = cards.split(' ');
  vi.spyOn(ENGINES.holdem, 'start').mockImplementation((_rng, choice) => dealHoldemFrom(nine, choice as HoldemChoice));
}

async function deal(session: string, stake = 1, choice: object = {}): Promise<StudioRound> {
  const { status, body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake, choice });
  expect([status, body.status]).toEqual([200, 1]);
  return body.round;
}

const move = (session: string, round: StudioRound, to: string): Promise<Reply> =>
  api.json<RoundBody>('studio/act', { session, roundId: round.roundId, step: round.step, action: { move: to } });

const real = async (playerId: number) => (await readBalance(db(), playerId)).real;
const roundsOf = (playerId: number) => db().select().from(gameRounds).where(eq(gameRounds.playerId, playerId)).orderBy(gameRounds.id);

/** The wallet's bets of a player's rounds, by key, with what each was paid. */
async function betsOf(playerId: number) {
  return rows<{ bet_key: string; stake: number; stake_real: number; stake_bonus: number; win: number; state: string }>(
    db(),
    sql`select bet_key, stake::int, stake_real::int, stake_bonus::int, win::int, state from player_bets where player_id = ${playerId} order by id`,
  );
}

async function betList(token: string) {
  const { body } = await api.json<{ transactions: { count: number; rows: { name: string; bet: number; win: number; total: number }[] } }>(
    'front/get_bet_list',
    {},
    { token },
  );
  return body.transactions;
}

describe('studio: blackjack moves that take a stake', () => {
  it('takes the double as a second bet, pays each bet its own win, and lists the hand as one round of both stakes', async () => {
    // 11 doubles into 21; the dealer's 16 draws a king and busts.
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 2);
    expect(hand.actions).toContain('double');
    const { status, body } = await move(session, hand, 'double');
    expect(status).toBe(200);
    expect(body.round).toMatchObject({ done: true, stake: 4, stakes: [2, 2], win: 8 });
    expect(body.balance).toBe(104);
    expect(await real(p.id)).toBe(10_400);
    const [round] = await roundsOf(p.id);
    expect((await betsOf(p.id)).map((b) => [b.bet_key, b.stake, b.win, b.state])).toEqual([
      [stakeKeys(round!.id, 0).bet, 200, 400, 'settled'],
      [stakeKeys(round!.id, 1).bet, 200, 400, 'settled'],
    ]);
    const list = await betList(p.token);
    expect(list.count).toBe(1);
    expect(list.rows[0]).toMatchObject({ name: 'Classic Blackjack', bet: 4, win: 8, total: 4 });
    await expectBalancedLedger(db());
  });

  it('splits a pair for one stake more, doubles a split hand, and pays each hand on its own', async () => {
    // Nines against a ten: 9+2 doubles into 21 and wins, 9+7 stands at 16 and loses to 20.
    stackBlackjack(['9S', '9C'], ['TH', 'QD'], '2S', 'TC', '7H');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 1);
    const split = await move(session, hand, 'split');
    expect(split.body.round).toMatchObject({ done: false, stake: 2, stakes: [1, 1] });
    expect(split.body.balance).toBe(98);
    const doubled = await move(session, split.body.round, 'double');
    expect(doubled.body.round).toMatchObject({ done: false, stake: 3, stakes: [1, 1, 1] });
    const stood = await move(session, doubled.body.round, 'stand');
    expect(stood.body.round).toMatchObject({ done: true, stake: 3, win: 4 });
    expect(await real(p.id)).toBe(10_000 - 300 + 400);
    expect((await betsOf(p.id)).map((b) => [b.stake, b.win])).toEqual([
      [100, 200],
      [100, 0],
      [100, 200],
    ]);
    expect((await betList(p.token)).rows[0]).toMatchObject({ bet: 3, win: 4, total: 1 });
    await expectBalancedLedger(db());
  });

  it('takes insurance as half a stake and pays it 2 to 1 when the dealer has blackjack', async () => {
    stackBlackjack(['TS', '9C'], ['AH', 'KD']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 2);
    expect(hand.actions).toEqual(['insurance', 'no_insurance']);
    const { body } = await move(session, hand, 'insurance');
    // The hand's 2.00 is lost; the insurance of 1.00 returns 3.00: the player is even.
    expect(body.round).toMatchObject({ done: true, stake: 3, stakes: [2, 1], win: 3 });
    expect(await real(p.id)).toBe(10_000);
    expect((await betsOf(p.id)).map((b) => [b.stake, b.win])).toEqual([
      [200, 0],
      [100, 300],
    ]);
    await expectBalancedLedger(db());
  });

  it('surrenders for half the stake back, taking nothing more', async () => {
    stackBlackjack(['TS', '6C'], ['TH', '7D']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 2);
    const { body } = await move(session, hand, 'surrender');
    expect(body.round).toMatchObject({ done: true, stake: 2, stakes: [2], win: 1 });
    expect(await real(p.id)).toBe(9_900);
  });

  it('refuses a double the balance cannot pay: the hand stays playable as it was, and a double after a deposit is taken once', async () => {
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const p = await fundedPlayer(api, 100);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 1);
    const refused = await move(session, hand, 'double');
    expect(refused).toEqual({ status: 200, body: { status: 0, message: 'insufficient_funds', balance: 0 } });
    const [kept] = await roundsOf(p.id);
    expect(kept).toMatchObject({ status: 'open', step: hand.step, stake: 100, pending: null });
    const resumed = await api.json<{ openRound: StudioRound }>('studio/session', { session });
    expect(resumed.body.openRound).toEqual(hand);

    await wallet().deposit({ key: newKey('dep'), playerId: p.id, amount: 500, provider: 'card' });
    const { body } = await move(session, hand, 'double');
    expect(body.round).toMatchObject({ done: true, stakes: [1, 1], win: 4 });
    expect(await real(p.id)).toBe(500 - 100 + 400);
    // The refused try's number is not used again: the wallet keeps its refusal under that key.
    const [round] = await roundsOf(p.id);
    expect(round?.stakes.map((s) => s.n)).toEqual([0, 2]);
    await expectBalancedLedger(db());
  });

  it('takes one stake for parallel repeats of a double, and for a double and a split sent at once from two windows', async () => {
    stackBlackjack(['8S', '8C'], ['9H', '7D'], 'TS', 'KC', '2H', '9S');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 1);
    const replies = await Promise.all(Array.from({ length: 6 }, () => move(session, hand, 'double')));
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.round).toEqual(replies[0]?.body.round);
    }
    expect(replies[0]?.body.round).toMatchObject({ done: true, stakes: [1, 1] });
    const late = await move(session, hand, 'double');
    expect(late.body.round).toEqual(replies[0]?.body.round);
    expect((await betsOf(p.id)).filter((b) => b.state !== 'rolled_back')).toHaveLength(2);

    const other = await launchGame(api, 'classic-blackjack', p.token);
    const next = await deal(session, 1);
    const [a, b] = await Promise.all([move(session, next, 'double'), move(other, next, 'split')]);
    // Whichever came first was played; the other is answered with the hand as it then stood.
    expect(a.body.round).toMatchObject({ stakes: [1, 1] });
    expect(b.body.round).toMatchObject({ stakes: [1, 1] });
    expect(a.body.round.step).toBe(b.body.round.step);
    const [, second] = await roundsOf(p.id);
    expect(second?.stakes).toHaveLength(2);
    await expectBalancedLedger(db());
  });

  it('plays free play on the pretend balance in one transaction, refusing a double it cannot pay', async () => {
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const session = await launchGame(api, 'classic-blackjack');
    const hand = await deal(session, 100);
    await db()
      .update(gameSessions)
      .set({ funBalance: 5_000 })
      .where(sql`${gameSessions.id} = (select session_id from game_rounds where round_key = ${hand.roundId})`);
    expect(await move(session, hand, 'double')).toEqual({ status: 200, body: { status: 0, message: 'insufficient_funds', balance: 50 } });
    await db()
      .update(gameSessions)
      .set({ funBalance: 20_000 })
      .where(sql`${gameSessions.id} = (select session_id from game_rounds where round_key = ${hand.roundId})`);
    const { body } = await move(session, hand, 'double');
    expect(body.round).toMatchObject({ done: true, stakes: [100, 100], win: 400 });
    expect(body.balance).toBe(200 - 100 + 400);
  });
});

describe("studio: Casino Hold'em's call and AA Bonus", () => {
  it('takes the AA Bonus with the ante and the call after the flop, each a bet paid on its own', async () => {
    // Aces on the flop for the bonus; the dealer's kings qualify and lose to three aces.
    stackHoldem('AS AH KC KD AD 7C 2S 9H 3D');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'casino-holdem', p.token);
    const hand = await deal(session, 2, { aaBonus: true });
    expect(hand).toMatchObject({ done: false, actions: ['call', 'fold'], stake: 4, stakes: [2, 2] });
    expect(await real(p.id)).toBe(9_600);
    const { body } = await move(session, hand, 'call');
    // Ante 2.00 pays 1 to 1, call 4.00 pays 1 to 1, bonus 2.00 on three aces pays 7 to 1.
    expect(body.round).toMatchObject({ done: true, stake: 8, stakes: [2, 2, 4], win: 4 + 16 + 8 });
    expect(await real(p.id)).toBe(10_000 - 800 + 2_800);
    expect((await betsOf(p.id)).map((b) => [b.stake, b.win])).toEqual([
      [200, 400],
      [200, 1_600],
      [400, 800],
    ]);
    expect((await betList(p.token)).rows[0]).toMatchObject({ name: "Casino Hold'em", bet: 8, win: 28 });
    await expectBalancedLedger(db());
  });

  it('loses only the ante on a fold, and takes no call', async () => {
    stackHoldem('2S 7H KC KD AD 9C 4S 5H 3D');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'casino-holdem', p.token);
    const hand = await deal(session, 1);
    const { body } = await move(session, hand, 'fold');
    expect(body.round).toMatchObject({ done: true, stake: 1, stakes: [1], win: 0 });
    expect(await real(p.id)).toBe(9_900);
  });

  it('refuses the deal whole when the balance pays the ante but not the AA Bonus, returning the ante', async () => {
    stackHoldem('AS AH KC KD AD 7C 2S 9H 3D');
    const p = await fundedPlayer(api, 150);
    const session = await launchGame(api, 'casino-holdem', p.token);
    const refused = await api.json('studio/start', { session, roundId: newRoundId(), stake: 1, choice: { aaBonus: true } });
    expect(refused).toEqual({ status: 200, body: { status: 0, message: 'insufficient_funds', balance: 1.5 } });
    expect(await real(p.id)).toBe(150);
    expect((await roundsOf(p.id)).map((r) => r.status)).toEqual(['refused']);
    expect(await betList(p.token)).toEqual({ count: 0, rows: [] });
    await expectBalancedLedger(db());
  });

  it('refuses a call the balance cannot pay and keeps the hand for a call or a fold', async () => {
    stackHoldem('AS AH KC KD AD 7C 2S 9H 3D');
    const p = await fundedPlayer(api, 200);
    const session = await launchGame(api, 'casino-holdem', p.token);
    const hand = await deal(session, 1);
    expect(await move(session, hand, 'call')).toEqual({ status: 200, body: { status: 0, message: 'insufficient_funds', balance: 1 } });
    const { body } = await move(session, hand, 'fold');
    expect(body.round).toMatchObject({ done: true, win: 0 });
    expect(await real(p.id)).toBe(100);
  });
});

describe('studio: crashes around a stake taken by a move', () => {
  const sweep = () => studioOf(api.ctx).recoverRounds();

  /** Does what a crashed request did before dying: wrote the move down (and, if `landed`, took its stake). */
  async function crashAfterClaim(playerId: number, hand: StudioRound, action: object, amount: number, landed: boolean) {
    const [round] = await db().select().from(gameRounds).where(eq(gameRounds.roundKey, hand.roundId));
    if (!round) throw new Error('no round');
    const n = round.stakeSeq + 1;
    await db()
      .update(gameRounds)
      .set({ pending: { step: round.step, action, n, amount }, stakeSeq: n, updatedAt: new Date(clock.now()) })
      .where(eq(gameRounds.id, round.id));
    if (landed) {
      const [game] = await db().select().from(games).where(eq(games.id, round.gameId));
      const bet = await wallet().bet({
        key: stakeKeys(round.id, n).bet,
        playerId,
        amount,
        gameId: game!.externalGameId,
        gameName: game!.name,
        roundId: `studio-${round.id}`,
        provider: 'Golden Tables',
      });
      expect(bet.ok).toBe(true);
    }
    return round.id;
  }

  it('plays on a double whose stake landed but whose move was not written, when the same request comes again', async () => {
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 1);
    await crashAfterClaim(p.id, hand, { move: 'double' }, 100, true);
    expect(await real(p.id)).toBe(9_800);
    // The page sends the move again (its reply was lost with the crash).
    const { body } = await move(session, hand, 'double');
    expect(body.round).toMatchObject({ done: true, stakes: [1, 1], win: 4 });
    expect(await real(p.id)).toBe(10_200);
    expect(await betsOf(p.id)).toHaveLength(2);
    await expectBalancedLedger(db());
  });

  it('plays on the waiting double when another move comes for the same step, and answers that move with the hand as it then stands', async () => {
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 1);
    await crashAfterClaim(p.id, hand, { move: 'double' }, 100, true);
    const { body } = await move(session, hand, 'stand');
    expect(body.round).toMatchObject({ done: true, stakes: [1, 1], win: 4 });
    expect(await real(p.id)).toBe(10_200);
  });

  it('lets the sweep finish a move left waiting: with its stake landed, before its stake was sent, and refused for want of money', async () => {
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const landed = await fundedPlayer(api, 10_000);
    const unsent = await fundedPlayer(api, 10_000);
    const broke = await fundedPlayer(api, 100);
    const hands = [];
    for (const [p, isLanded] of [
      [landed, true],
      [unsent, false],
      [broke, false],
    ] as const) {
      const hand = await deal(await launchGame(api, 'classic-blackjack', p.token), 1);
      await crashAfterClaim(p.id, hand, { move: 'double' }, 100, isLanded);
      hands.push(hand);
    }
    // Younger than STALE_ROUND_MS: a request may still be on its way; the sweep leaves it.
    await sweep();
    expect((await roundsOf(landed.id))[0]?.pending).not.toBeNull();
    clock.advance(STALE_ROUND_MS + 1_000);
    await Promise.all([sweep(), sweep()]);
    for (const p of [landed, unsent]) {
      expect((await roundsOf(p.id))[0]).toMatchObject({ status: 'settled', pending: null, stake: 200, win: 400 });
      expect(await real(p.id)).toBe(10_200);
    }
    // Nobody could pay it: the hand is as it was, waiting for its player.
    expect((await roundsOf(broke.id))[0]).toMatchObject({ status: 'open', pending: null, stake: 100, step: hands[2]!.step });
    expect(await real(broke.id)).toBe(0);
    await expectBalancedLedger(db());
  });

  it('returns every stake of a deal left halfway: the ante and the AA Bonus', async () => {
    stackHoldem('AS AH KC KD AD 7C 2S 9H 3D');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'casino-holdem', p.token);
    const hand = await deal(session, 1, { aaBonus: true });
    // As if the deal had died after both stakes landed and before the round was marked open.
    await db().update(gameRounds).set({ status: 'new' }).where(eq(gameRounds.roundKey, hand.roundId));
    clock.advance(STALE_ROUND_MS + 1_000);
    await sweep();
    expect((await roundsOf(p.id)).map((r) => r.status)).toEqual(['void']);
    expect(await real(p.id)).toBe(10_000);
    expect((await betsOf(p.id)).map((b) => b.state)).toEqual(['rolled_back', 'rolled_back']);
    await expectBalancedLedger(db());
  });
});

describe('studio: hands left with a decision to make', () => {
  const sweep = () => studioOf(api.ctx).recoverRounds();

  it("folds a Casino Hold'em hand left longer than the configured hours: the ante is lost, no call is taken, the AA Bonus is paid", async () => {
    stackHoldem('AS AH KC KD AD 7C 2S 9H 3D');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'casino-holdem', p.token);
    await deal(session, 1, { aaBonus: true });
    clock.advance(HOURS * HOUR + 60_000);
    await sweep();
    const [round] = await roundsOf(p.id);
    expect(round).toMatchObject({ status: 'settled', finished: true, stake: 200, win: 800 });
    expect(round?.view).toMatchObject({ stage: 'folded' });
    expect(await real(p.id)).toBe(10_000 - 200 + 800);
    await expectBalancedLedger(db());
  });

  it('declines insurance for a blackjack hand left at the insurance question, and plays it out without another stake', async () => {
    // 19 against the dealer's ace and seven: no blackjack, the dealer stands on soft 18.
    stackBlackjack(['TS', '9C'], ['AH', '7D']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    await deal(session, 1);
    clock.advance(HOURS * HOUR + 60_000);
    await sweep();
    const [round] = await roundsOf(p.id);
    expect(round).toMatchObject({ status: 'settled', stake: 100, win: 200 });
    expect(round?.view).toMatchObject({ insurance: 'declined', hands: [{ outcome: 'win' }] });
    expect(await real(p.id)).toBe(10_100);
  });
});

describe('studio: bonus money in a round of several stakes', () => {
  it('pays each stake its win the way that stake was paid: real and bonus as the double and the hand each took them', async () => {
    stackBlackjack(['6S', '5C'], ['9H', '7D'], 'TS', 'KC');
    const p = await fundedPlayer(api, 50);
    const [promotion] = await db()
      .insert(promotions)
      .values({ promoCode: newKey('PROMO'), bonusKind: 'fixed', bonusValue: 1_000, wageringMultiplier: 10 })
      .returning({ id: promotions.id });
    expect((await wallet().bonusGrant({ key: newKey('grant'), playerId: p.id, promotionId: promotion!.id })).ok).toBe(true);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 1);
    await move(session, hand, 'double');
    // The hand's 1.00: 0.50 real, 0.50 bonus; the double's 1.00: all bonus. Each wins 2.00.
    expect((await betsOf(p.id)).map((b) => [b.stake_real, b.stake_bonus, b.win])).toEqual([
      [50, 50, 200],
      [0, 100, 200],
    ]);
    const after = await readBalance(db(), p.id);
    expect([after.real, after.bonus]).toEqual([100, 1_000 - 150 + 300]);
    await expectBalancedLedger(db());
  });
});

describe('studio: a round of several stakes in the bet list', () => {
  it('shows one row per round, its stakes and wins added up', async () => {
    // Ace high against the dealer's kings: the call loses.
    stackHoldem('2S 7H KC KD AD 9C JS 5H 3D');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'casino-holdem', p.token);
    const first = await deal(session, 1, { aaBonus: true });
    await move(session, first, 'call');
    const second = await deal(session, 2);
    await move(session, second, 'fold');
    const list = await betList(p.token);
    expect(list.count).toBe(2);
    expect(list.rows.map((r) => [r.bet, r.win]).sort()).toEqual([
      [2, 0],
      [4, 0],
    ]);
    const [{ n }] = (await rows<{ n: number }>(db(), sql`select count(*)::int as n from player_bets where player_id = ${p.id}`)) as [{ n: number }];
    expect(n).toBe(4);
    expect(
      await db()
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.playerId, p.id), eq(gameRounds.status, 'settled'))),
    ).toHaveLength(2);
  });
});
