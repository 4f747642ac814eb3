// Blackjack and video-poker hands, which stay open between moves: a hand belongs to its
// player and game, so any later launch of the game resumes it (a reload, a second
// window, a new login); one hand at a time per player and game, whatever races; and a
// hand left longer than ABANDONED_HAND_HOURS is finished by the sweep with the game's
// rule and paid. The cards are stacked so each outcome is known before it is dealt.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rows } from '../../src/server/db/client.ts';
import { gameRounds } from '../../src/server/db/schema/index.ts';
import { dealBlackjackFrom } from '../../src/server/games/engines/blackjack.ts';
import { ONE_DECK } from '../../src/server/games/engines/cards.ts';
import { ENGINES } from '../../src/server/games/engines/index.ts';
import { dealVideoPokerFrom } from '../../src/server/games/engines/video-poker.ts';
import { studioOf } from '../../src/server/games/studio.ts';
import { readBalance } from '../../src/server/wallet/index.ts';
import type { StudioRound } from '../../src/shared/schemas/games.ts';
import { ABANDONED_HOURS, expectBalancedLedger, launchGame, newRoundId, studioSuite } from '../helpers/studio.ts';
import { fundedPlayer } from '../helpers/wallet.ts';

const HOURS = ABANDONED_HOURS;
const HOUR = 3_600_000;
const { api, clock } = studioSuite();

type RoundBody = { status: number; round: StudioRound; balance: number; message?: string };
type SessionBody = { status: number; openRound: StudioRound | null; message?: string };

const db = () => api.ctx.database.db;

/** The chosen cards on top, the rest of one deck after them. */
function stacked(top: string[]): string[] {
  return [...top, ...ONE_DECK.filter((card) => !top.includes(card))];
}

/** Every blackjack deal from now on: player, dealer, player, dealer (the hole card), then the draws. */
function stackBlackjack(player: [string, string], dealer: [string, string], ...draws: string[]) {
  const shoe = stacked([player[0], dealer[0], player[1], dealer[1], ...draws]);
  vi.spyOn(ENGINES.blackjack, 'start').mockImplementation(() => dealBlackjackFrom(shoe));
}

/** Every video-poker deal from now on: these five cards, then the rest of the deck. */
function stackVideoPoker(hand: string[]) {
  vi.spyOn(ENGINES['video-poker'], 'start').mockImplementation(() => dealVideoPokerFrom(stacked(hand)));
}

async function deal(session: string, stake = 1): Promise<StudioRound> {
  const { status, body } = await api.json<RoundBody>('studio/start', { session, roundId: newRoundId(), stake, choice: {} });
  expect(status).toBe(200);
  expect(body.round.done).toBe(false);
  return body.round;
}

const balanceOf = async (playerId: number) => (await readBalance(db(), playerId)).real;
const roundsOf = (playerId: number) => db().select().from(gameRounds).where(eq(gameRounds.playerId, playerId)).orderBy(gameRounds.id);

describe('studio: an open hand belongs to its player and game', () => {
  it('comes back in a later launch of the game and is played there to the end', async () => {
    // 16 against the dealer's 19: hitting a five makes 21, which stands and wins.
    stackBlackjack(['TS', '6H'], ['9C', 'KD'], '5S');
    const p = await fundedPlayer(api, 10_000);
    const first = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(first);
    expect(await balanceOf(p.id)).toBe(9_900);

    // A reload of the lobby with ?play= launches the game again.
    const second = await launchGame(api, 'classic-blackjack', p.token);
    const opened = await api.json<SessionBody>('studio/session', { session: second });
    expect(opened.body.openRound).toEqual(hand);

    const { status, body } = await api.json<RoundBody>('studio/act', { session: second, roundId: hand.roundId, step: hand.step, action: { move: 'hit' } });
    expect(status).toBe(200);
    expect(body.round).toMatchObject({ roundId: hand.roundId, done: true, win: 2 });
    expect(body.balance).toBe(101);
    expect(await balanceOf(p.id)).toBe(10_100);
    expect((await api.json<SessionBody>('studio/session', { session: second })).body.openRound).toBeNull();
    expect((await roundsOf(p.id)).map((r) => r.status)).toEqual(['settled']);
    await expectBalancedLedger(db());
  });

  it('comes back after the player logs out, logs in again and opens the game', async () => {
    stackBlackjack(['TS', '7H'], ['9C', '8D'], 'QS');
    const login = async () => {
      const response = await api.call('front/auth/login', { username: 'demo', password: 'demo1234' });
      const { accessToken } = (await response.json()) as { accessToken: string };
      return { accessToken, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
    };
    const [demo] = await rows<{ id: number }>(db(), sql`select id from players where username = 'demo'`);
    const demoId = Number(demo?.id);
    const before = await balanceOf(demoId);
    const first = await login();
    const old = await launchGame(api, 'classic-blackjack', first.accessToken);
    const hand = await deal(old);
    await api.call('front/auth/logout', {}, { headers: { cookie: first.cookie } });

    // The old game page is over, and says so in words the page shows.
    const stale = await api.json('studio/act', { session: old, roundId: hand.roundId, step: hand.step, action: { move: 'stand' } });
    expect(stale).toEqual({ status: 401, body: { status: 0, message: 'session_expired' } });

    const again = await login();
    const fresh = await launchGame(api, 'classic-blackjack', again.accessToken);
    expect((await api.json<SessionBody>('studio/session', { session: fresh })).body.openRound).toEqual(hand);
    const { body } = await api.json<RoundBody>('studio/act', { session: fresh, roundId: hand.roundId, step: hand.step, action: { move: 'stand' } });
    // 17 against 17: a push returns the stake.
    expect(body.round).toMatchObject({ done: true, win: 1 });
    expect(await balanceOf(demoId)).toBe(before);
    await expectBalancedLedger(db());
  });

  it('answers the old game page with the hand as it stands, and never pays it twice', async () => {
    // 18 against 16: the dealer draws a king and busts.
    stackBlackjack(['TS', '8H'], ['9C', '7D'], 'KS');
    const p = await fundedPlayer(api, 10_000);
    const old = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(old);
    const fresh = await launchGame(api, 'classic-blackjack', p.token);
    const stand = { roundId: hand.roundId, step: hand.step, action: { move: 'stand' } };
    // Both pages send the same move at once, then the old one sends it again.
    const [a, b] = await Promise.all([
      api.json<RoundBody>('studio/act', { session: old, ...stand }),
      api.json<RoundBody>('studio/act', { session: fresh, ...stand }),
    ]);
    const late = await api.json<RoundBody>('studio/act', { session: old, ...stand });
    for (const reply of [a, b, late]) {
      expect(reply.status).toBe(200);
      expect(reply.body.round).toMatchObject({ roundId: hand.roundId, done: true, win: 2 });
    }
    expect(await balanceOf(p.id)).toBe(10_100);
    expect((await roundsOf(p.id)).map((r) => r.status)).toEqual(['settled']);
    await expectBalancedLedger(db());
  });

  it('opens one hand for ten parallel deals with different round ids, and takes one stake', async () => {
    stackBlackjack(['TS', '6H'], ['9C', '8D']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const ids = Array.from({ length: 10 }, newRoundId);
    const replies = await Promise.all(ids.map((id) => api.json<RoundBody>('studio/start', { session, roundId: id, stake: 1, choice: {} })));
    const played = replies.filter((r) => r.status === 200);
    expect(played).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect(r).toEqual({ status: 409, body: { status: 0, message: 'round_in_progress' } });
    expect(await balanceOf(p.id)).toBe(9_900);
    const rounds = await roundsOf(p.id);
    expect(rounds.map((r) => r.status)).toEqual(['open']);
    // The winner's own id again is answered with its hand, not refused.
    const winner = played[0]?.body.round as StudioRound;
    const repeat = await api.json<RoundBody>('studio/start', { session, roundId: winner.roundId, stake: 1, choice: {} });
    expect(repeat.status).toBe(200);
    expect(repeat.body.round).toEqual(winner);
    expect(await balanceOf(p.id)).toBe(9_900);
  });

  it('answers parallel repeats of one deal with the same hand, taking the stake once', async () => {
    stackBlackjack(['TS', '6H'], ['9C', '8D']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const request = { session, roundId: newRoundId(), stake: 2, choice: {} };
    const replies = await Promise.all(Array.from({ length: 6 }, () => api.json<RoundBody>('studio/start', request)));
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.round).toEqual(replies[0]?.body.round);
    }
    expect(await balanceOf(p.id)).toBe(9_800);
  });

  it('refuses a second hand from a second launch of the game while the first is open', async () => {
    stackBlackjack(['TS', '6H'], ['9C', '8D']);
    const p = await fundedPlayer(api, 10_000);
    const first = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(first);
    const second = await launchGame(api, 'classic-blackjack', p.token);
    const refused = await api.json('studio/start', { session: second, roundId: newRoundId(), stake: 1, choice: {} });
    expect(refused).toEqual({ status: 409, body: { status: 0, message: 'round_in_progress' } });
    expect(await balanceOf(p.id)).toBe(9_900);
    expect((await roundsOf(p.id)).map((r) => r.roundKey)).toEqual([hand.roundId]);
  });

  it('keeps a hand per session in free play, where nobody is logged in', async () => {
    stackBlackjack(['TS', '6H'], ['9C', '8D']);
    const sessionOf = async () => {
      const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: 'classic-blackjack', lang: 'en' });
      return new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
    };
    const a = await sessionOf();
    const b = await sessionOf();
    const hand = await deal(a);
    expect((await api.json<SessionBody>('studio/session', { session: b })).body.openRound).toBeNull();
    await deal(b);
    expect((await api.json<SessionBody>('studio/session', { session: a })).body.openRound).toEqual(hand);
  });
});

describe('studio: abandoned hands', () => {
  const sweep = () => studioOf(api.ctx).recoverRounds();

  /** The ledger's operations, to prove a second sweep wrote nothing. */
  const operations = async () => {
    const [row] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from wallet_entries`);
    return Number(row?.n);
  };

  it('stands a blackjack hand left longer than the configured hours: the dealer plays it out and the win is paid', async () => {
    // 18 against 16: standing, the dealer draws a king and busts.
    stackBlackjack(['TS', '8H'], ['9C', '7D'], 'KS');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session, 5);
    clock.advance(HOURS * HOUR + 60_000);
    // Every server process sweeps every minute: three at once end and pay the hand once.
    await Promise.all([sweep(), sweep(), sweep()]);
    const [round] = await roundsOf(p.id);
    expect(round).toMatchObject({ roundKey: hand.roundId, status: 'settled', finished: true, win: 1_000 });
    expect(round?.view).toMatchObject({ hands: [{ cards: ['TS', '8H'], outcome: 'win' }], dealer: ['9C', '7D', 'KS'] });
    expect(await balanceOf(p.id)).toBe(10_500);
    await expectBalancedLedger(db());

    const entries = await operations();
    await sweep();
    expect(await balanceOf(p.id)).toBe(10_500);
    expect(await operations()).toBe(entries);
    // The player who comes back finds the table clear.
    const back = await launchGame(api, 'classic-blackjack', p.token);
    expect((await api.json<SessionBody>('studio/session', { session: back })).body.openRound).toBeNull();
  });

  it('pays a video-poker hand left longer than the configured hours as it was dealt, with no card replaced', async () => {
    stackVideoPoker(['KS', 'KH', 'KD', '2C', '7H']);
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'jacks-or-better', p.token);
    const hand = await deal(session, 2);
    clock.advance(HOURS * HOUR + 60_000);
    await sweep();
    const [round] = await roundsOf(p.id);
    // Three of a kind pays 3× the stake.
    expect(round).toMatchObject({ roundKey: hand.roundId, status: 'settled', finished: true, win: 600 });
    expect(round?.view).toMatchObject({ hand: ['KS', 'KH', 'KD', '2C', '7H'], result: 'three_of_a_kind', stage: 'done' });
    expect(await balanceOf(p.id)).toBe(10_400);
    await expectBalancedLedger(db());

    const entries = await operations();
    await sweep();
    expect(await balanceOf(p.id)).toBe(10_400);
    expect(await operations()).toBe(entries);
  });

  it('leaves a hand younger than the limit alone, for its player to finish', async () => {
    stackBlackjack(['TS', '8H'], ['9C', '7D'], 'KS');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session);
    clock.advance(HOURS * HOUR - 60_000);
    await sweep();
    expect((await roundsOf(p.id)).map((r) => r.status)).toEqual(['open']);
    expect(await balanceOf(p.id)).toBe(9_900);
    const back = await launchGame(api, 'classic-blackjack', p.token);
    expect((await api.json<SessionBody>('studio/session', { session: back })).body.openRound).toEqual(hand);
  });

  it('counts the time from the last move, not from the deal', async () => {
    stackBlackjack(['2S', '3H'], ['9C', '7D'], '4S', 'KS');
    const p = await fundedPlayer(api, 10_000);
    const session = await launchGame(api, 'classic-blackjack', p.token);
    const hand = await deal(session);
    clock.advance(HOURS * HOUR - 60_000);
    const { body } = await api.json<RoundBody>('studio/act', { session, roundId: hand.roundId, step: hand.step, action: { move: 'hit' } });
    expect(body.round.done).toBe(false);
    clock.advance(2 * 60_000);
    await sweep();
    const [open] = await db()
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.playerId, p.id), eq(gameRounds.status, 'open')));
    expect(open?.roundKey).toBe(hand.roundId);
  });
});
