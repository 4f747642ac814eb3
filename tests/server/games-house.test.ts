// The cash-out games (mines, hi-lo) and teen patti's second stake through the studio, for
// real money: a round belongs to its player and game, comes back in a later launch, is
// cashed out once however many pages ask at once, and a round left for good is cashed
// out by the sweep. Plinko, sic bo and andar bahar play single rounds paid to the cent.
// The boards and cards are stacked so each outcome is known before it is dealt.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rows } from '../../src/server/db/client.ts';
import { gameRounds } from '../../src/server/db/schema/index.ts';
import { hiloFrom, type HiloConfig } from '../../src/server/games/engines/hilo.ts';
import { ENGINES } from '../../src/server/games/engines/index.ts';
import { type MinesConfig, minesFrom } from '../../src/server/games/engines/mines.ts';
import { teenPattiFrom } from '../../src/server/games/engines/teen-patti.ts';
import { studioOf } from '../../src/server/games/studio.ts';
import { readBalance } from '../../src/server/wallet/index.ts';
import { ONE_DECK } from '../../src/shared/fairness.ts';
import { minesMultiplier, PLINKO_PAYTABLES } from '../../src/shared/house-tables.ts';
import type { StudioRound } from '../../src/shared/schemas/games.ts';
import { ABANDONED_HOURS, expectBalancedLedger, launchGame, newRoundId, studioSuite } from '../helpers/studio.ts';
import { fundedPlayer } from '../helpers/wallet.ts';

const HOURS = ABANDONED_HOURS;
const HOUR = 3_600_000;
const { api, clock } = studioSuite();

type RoundBody = { status: number; round: StudioRound; balance: number; message?: string };
type SessionBody = { status: number; openRound: StudioRound | null };

const db = () => api.ctx.database.db;
const balanceOf = async (playerId: number) => (await readBalance(db(), playerId)).real;
const roundsOf = (playerId: number) => db().select().from(gameRounds).where(sql`${gameRounds.playerId} = ${playerId}`).orderBy(gameRounds.id);

const start = (session: string, stake: number, choice: unknown, id = newRoundId()) =>
  api.json<RoundBody>('studio/start', { session, roundId: id, stake, choice });
const act = (session: string, round: StudioRound, action: unknown) =>
  api.json<RoundBody>('studio/act', { session, roundId: round.roundId, step: round.step, action });

/** Every mines board from now on: the mines on cells 0 … count − 1. */
function stackMines() {
  const order = Array.from({ length: 25 }, (_, i) => i);
  vi.spyOn(ENGINES.mines, 'start').mockImplementation((_rng, choice, config) => minesFrom(order, (choice as { mines: number }).mines, config as MinesConfig));
}

/** Every hi-lo deck from now on: these cards first. */
function stackHilo(top: string[]) {
  const deck = [...top, ...ONE_DECK].slice(0, 52);
  vi.spyOn(ENGINES.hilo, 'start').mockImplementation((_rng, _choice, config) => hiloFrom(deck, config as HiloConfig));
}

describe('mines for real money', () => {
  it('comes back in a later launch, cashes out once for parallel pages, and pays the multiplier', async () => {
    stackMines();
    const p = await fundedPlayer(api, 10_000);
    const first = await launchGame(api, 'eagle-mines', p.token);
    const dealt = await start(first, 2, { mines: 3 });
    expect(dealt.status).toBe(200);
    expect(dealt.body.round).toMatchObject({ done: false, actions: ['reveal'] });
    expect(await balanceOf(p.id)).toBe(9_800);
    // No cash-out before a cell is open.
    expect((await act(first, dealt.body.round, { move: 'cashout' })).body).toMatchObject({ status: 0, message: 'mines_reveal_first' });
    const safe = await act(first, dealt.body.round, { move: 'reveal', cell: 12 });
    expect(safe.body.round).toMatchObject({ done: false, actions: ['reveal', 'cashout'] });

    const second = await launchGame(api, 'eagle-mines', p.token);
    const opened = await api.json<SessionBody>('studio/session', { session: second });
    expect(opened.body.openRound).toEqual(safe.body.round);

    const twice = await act(second, safe.body.round, { move: 'reveal', cell: 20 });
    const round = twice.body.round;
    const win = Math.floor((200 * minesMultiplier(3, 2)) / 10_000);
    // Three pages cash out at once, and the old one again later.
    const replies = await Promise.all([
      act(first, round, { move: 'cashout' }),
      act(second, round, { move: 'cashout' }),
      act(second, round, { move: 'cashout' }),
    ]);
    const late = await act(first, round, { move: 'cashout' });
    for (const r of [...replies, late]) expect(r.body.round).toMatchObject({ roundId: round.roundId, done: true, win: win / 100 });
    expect(await balanceOf(p.id)).toBe(9_800 + win);
    expect((await roundsOf(p.id)).map((r) => r.status)).toEqual(['settled']);
    await expectBalancedLedger(db());
  });

  it('loses the stake on a mine and shows the board', async () => {
    stackMines();
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'crystal-mines', p.token);
    const dealt = await start(session, 1, { mines: 5 });
    const boom = await act(session, dealt.body.round, { move: 'reveal', cell: 4 });
    expect(boom.body.round).toMatchObject({ done: true, win: 0, view: { hit: 4, field: [0, 1, 2, 3, 4], end: 'lost' } });
    expect(await balanceOf(p.id)).toBe(9_900);
    // The round is over: the same step again is answered as it stands, and a new round may start.
    expect((await act(session, dealt.body.round, { move: 'reveal', cell: 9 })).body.round).toEqual(boom.body.round);
    expect((await start(session, 1, { mines: 5 })).status).toBe(200);
    await expectBalancedLedger(db());
  });

  it('refuses a second board while one is open, and a choice out of range', async () => {
    stackMines();
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'eagle-mines', p.token);
    await start(session, 1, { mines: 3 });
    expect((await start(session, 1, { mines: 3 })).body).toEqual({ status: 0, message: 'round_in_progress' });
    const other = await fundedPlayer(api, 10_000);
    const s2 = await launchGame(api, 'eagle-mines', other.token);
    expect((await start(s2, 1, { mines: 25 })).body).toMatchObject({ status: 0, message: 'invalid_choice' });
    expect(await balanceOf(other.id)).toBe(10_000);
  });

  it('cashes out a board left longer than the configured hours, once, however many sweeps run', async () => {
    stackMines();
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'eagle-mines', p.token);
    const dealt = await start(session, 5, { mines: 3 });
    await act(session, dealt.body.round, { move: 'reveal', cell: 24 });
    clock.advance(HOURS * HOUR + 60_000);
    const sweep = () => studioOf(api.ctx).recoverRounds();
    await Promise.all([sweep(), sweep(), sweep()]);
    const win = Math.floor((500 * minesMultiplier(3, 1)) / 10_000);
    const [round] = await roundsOf(p.id);
    expect(round).toMatchObject({ status: 'settled', finished: true, win });
    await sweep();
    expect(await balanceOf(p.id)).toBe(9_500 + win);
    await expectBalancedLedger(db());
  });
});

describe('hi-lo for real money', () => {
  it('pays right guesses at the cash-out, once, and loses the stake on a wrong one', async () => {
    // 5, then 9 (higher: 9 of 13 ranks win), then 9 again (higher or same: 5 of 13), then a 2.
    stackHilo(['5H', '9C', '9D', '2S']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'hi-lo-royale', p.token);
    const dealt = await start(session, 1, {});
    expect(dealt.body.round.actions).toEqual(['higher', 'lower', 'skip']);
    const up = await act(session, dealt.body.round, { move: 'higher' });
    const same = await act(session, up.body.round, { move: 'higher' });
    const multiplier = Math.round(9_900 * (13 / 9) * (13 / 5));
    expect(same.body.round.view).toMatchObject({ multiplier, cards: ['5H', '9C', '9D'] });
    const [a, b] = await Promise.all([act(session, same.body.round, { move: 'cashout' }), act(session, same.body.round, { move: 'cashout' })]);
    const win = Math.floor((100 * multiplier) / 10_000);
    for (const r of [a, b]) expect(r.body.round).toMatchObject({ done: true, win: win / 100 });
    expect(await balanceOf(p.id)).toBe(9_900 + win);

    const again = await start(session, 1, {});
    const wrong = await act(session, again.body.round, { move: 'lower' });
    expect(wrong.body.round).toMatchObject({ done: true, win: 0, view: { end: 'lost' } });
    expect(await balanceOf(p.id)).toBe(9_800 + win);
    await expectBalancedLedger(db());
  });

  it('refuses a cash-out before any guess, and a guess past the game\u2019s largest win', async () => {
    stackHilo(['KS', 'KH', 'KD', 'KC']);
    const p = await fundedPlayer(api, 10_000);
    // Neon Hi-Lo stops at 1,000×: higher on a king is 12.87×, twice is 167×, thrice 2,171×.
    const session = await launchGame(api, 'neon-hi-lo', p.token);
    const dealt = await start(session, 1, {});
    expect((await act(session, dealt.body.round, { move: 'cashout' })).body).toMatchObject({ status: 0, message: 'hilo_guess_first' });
    const one = await act(session, dealt.body.round, { move: 'higher' });
    const two = await act(session, one.body.round, { move: 'higher' });
    expect(two.body.round.actions).not.toContain('higher');
    expect((await act(session, two.body.round, { move: 'higher' })).body).toMatchObject({ status: 0, message: 'hilo_above_max' });
    expect((await act(session, two.body.round, { move: 'cashout' })).body.round).toMatchObject({ done: true });
    await expectBalancedLedger(db());
  });
});

describe('teen patti for real money', () => {
  it('takes the play as a second stake once, and pays ante, play and the ante bonus', async () => {
    // A-K-Q of spades (pure sequence) against a jack high: the dealer does not qualify.
    vi.spyOn(ENGINES['teen-patti'], 'start').mockImplementation(() => teenPattiFrom(['AS', 'KS', 'QS', 'JH', '9C', '4D']));
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'teen-patti', p.token);
    const dealt = await start(session, 2, {});
    expect(dealt.body.round).toMatchObject({ done: false, actions: ['play', 'fold'] });
    const [a, b] = await Promise.all([act(session, dealt.body.round, { move: 'play' }), act(session, dealt.body.round, { move: 'play' })]);
    // Ante 2 returns 2 + 2 + 8 (bonus 4:1), play 2 returns 2.
    for (const r of [a, b]) expect(r.body.round).toMatchObject({ done: true, stake: 4, stakes: [2, 2], win: 14 });
    expect(await balanceOf(p.id)).toBe(10_000 - 400 + 1_400);
    await expectBalancedLedger(db());
  });
});

describe('single rounds of the new games', () => {
  it('plays plinko, sic bo and andar bahar through the wallet, paying to the cent', async () => {
    const p = await fundedPlayer(api, 10_000);
    const plinko = await start(await launchGame(api, 'plinko-drop', p.token), 1, { rows: 8, risk: 'high' });
    const pocket = (plinko.body.round.view as { pocket: number }).pocket;
    expect(plinko.body.round.win).toBe(Math.floor(PLINKO_PAYTABLES[8].high[pocket]! / 100) / 100);

    const sicbo = await launchGame(api, 'dragon-sic-bo', p.token);
    // Chips must add up to the stake, and this table takes at most 10.00 on a spot.
    expect((await start(sicbo, 1, { bets: [{ kind: 'big', amount: 50 }] })).body).toMatchObject({ status: 0, message: 'stake_mismatch' });
    expect((await start(sicbo, 20, { bets: [{ kind: 'big', amount: 2_000 }] })).body).toMatchObject({ status: 0, message: 'spot_above_max' });
    const thrown = await start(sicbo, 1.5, {
      bets: [
        { kind: 'big', amount: 100 },
        { kind: 'single', value: 6, amount: 50 },
      ],
    });
    expect(thrown.status).toBe(200);
    const dice = (thrown.body.round.view as { dice: number[] }).dice;
    const sum = dice[0]! + dice[1]! + dice[2]!;
    const triple = dice[0] === dice[1] && dice[1] === dice[2];
    const sixes = dice.filter((d) => d === 6).length;
    expect(thrown.body.round.win).toBe(((sum >= 11 && !triple ? 200 : 0) + (sixes ? 50 * (1 + sixes) : 0)) / 100);

    const ab = await start(await launchGame(api, 'andar-bahar', p.token), 1, { side: 'bahar' });
    const view = ab.body.round.view as { winner: string };
    expect(ab.body.round.win).toBe(view.winner === 'bahar' ? 2 : 0);
    const won = plinko.body.round.win + thrown.body.round.win + ab.body.round.win;
    expect(await balanceOf(p.id)).toBe(Math.round(10_000 - 100 - 150 - 100 + won * 100));
    const [count] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from game_rounds where player_id = ${p.id} and status = 'settled'`);
    expect(Number(count?.n)).toBe(3);
    await expectBalancedLedger(db());
  });
});
