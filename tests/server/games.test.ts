// The lobby's calls and the game studio, as the lobby and a game page use them: listing,
// launching, playing rounds for pretend and for real money, repeats and races that must
// never move money twice, rounds left halfway by a crash, and sessions that end.
import { eq, sql } from 'drizzle-orm';
import { GAMES } from '../../src/server/demo/games.ts';
import { SANDBOX_GAMES } from '../../src/server/seamless/sandbox.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/server/auth/rate-limit.ts';
import { gameRounds, gameSessions, games } from '../../src/server/db/schema/index.ts';
import { type GameFilter, listGames, listGamesInDatabase } from '../../src/server/games/listing.ts';
import { STALE_ROUND_MS, studioOf } from '../../src/server/games/studio.ts';
import { readBalance, type Wallet, walletOf } from '../../src/server/wallet/index.ts';
import { ROULETTE_SPOT_BY_KEY, type RouletteBetSpot, type RouletteSpot, rouletteMultiplier, rouletteSpotKey } from '../../src/shared/game-tables.ts';
import type { ListedGame, StudioRound } from '../../src/shared/schemas/games.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { fundedPlayer, newKey } from '../helpers/wallet.ts';

let api: TestApi;
let wallet: Wallet;

beforeAll(async () => {
  api = await testApi();
  wallet = walletOf(api.ctx);
});
afterAll(() => api.close());

type GamesBody = { status: number; gameList: { count: number; rows: ListedGame[] } };
type RoundBody = { status: number; round: StudioRound; balance: number; message?: string };

/** Launches a game and returns the session token from its URL fragment. */
async function launch(slug: string, options: { token?: string; lang?: string } = {}): Promise<string> {
  const { body } = await api.json<{ status: number; gameURL: string }>(
    'front/get_game_url',
    { game_code: slug, is_real: Boolean(options.token), lang: options.lang ?? 'en' },
    options.token ? { token: options.token } : {},
  );
  expect(body.status).toBe(1);
  return new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
}

const roundId = () => newKey('round').replace('-', '_');
const cents = (amount: number) => Math.round(amount * 100);

describe('front/get_games', () => {
  it('lists active games in lobby order with the fields the lobby reads, and the total count', async () => {
    const { status, body } = await api.json<GamesBody>('front/get_games', { type: 'online', page: 1, itemsPerPage: 5 });
    expect(status).toBe(200);
    expect(body.status).toBe(1);
    expect(body.gameList.rows).toHaveLength(5);
    expect(body.gameList.count).toBeGreaterThan(5);
    const first = body.gameList.rows[0] as ListedGame;
    expect(first).toMatchObject({ name: 'Eagle Fruits', slug: 'eagle-fruits', external_game_id: 'eagle-studio:eagle-fruits', type: 'online' });
    expect(Object.values(first.game_info)[0]).toBe('/games/eagle-fruits.svg');
    expect(first.demo_url).toBe('/play/slot#demo=eagle-fruits');
  });

  it('pages through every game exactly once', async () => {
    const seen: string[] = [];
    let count = 0;
    for (let page = 1; page < 100; page++) {
      const { body } = await api.json<GamesBody>('front/get_games', { type: 'online', page, itemsPerPage: 4 });
      count = body.gameList.count;
      if (body.gameList.rows.length === 0) break;
      seen.push(...body.gameList.rows.map((g) => g.slug));
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    // The demo catalogue and the sandbox studio's games (an outside provider's, seeded beside it).
    expect(count).toBe(GAMES.filter((g) => g.type === 'online').length + SANDBOX_GAMES.length);
  });

  it('searches names without regard to case, and takes wildcards literally', async () => {
    const dice = await api.json<GamesBody>('front/get_games', { filterGame: 'DICE' });
    const named = (word: string) => GAMES.filter((g) => g.name.toLowerCase().includes(word)).map((g) => g.slug);
    expect(dice.body.gameList.rows.map((g) => g.slug).sort()).toEqual(named('dice').sort());
    expect(named('dice')).toEqual(expect.arrayContaining(['lucky-dice', 'neon-dice']));
    const wildcard = await api.json<GamesBody>('front/get_games', { filterGame: '%' });
    expect(wildcard.body.gameList).toEqual({ count: 0, rows: [] });
  });

  it('filters by provider, group, section and lobby', async () => {
    const providers = await api.json<{ gameProviderList: { id: number; provider_name: string }[] }>('front/get_game_providers', {
      type: 'live',
      status: 'activated',
    });
    const names = providers.body.gameProviderList.map((p) => p.provider_name);
    expect(names).toContain('Golden Tables');
    const golden = providers.body.gameProviderList.find((p) => p.provider_name === 'Golden Tables')?.id;
    const live = await api.json<GamesBody>('front/get_games', { type: 'live', filterProvider: golden, itemsPerPage: 50 });
    expect(live.body.gameList.rows.length).toBeGreaterThan(0);
    expect(live.body.gameList.rows.every((g) => g.provider_name === 'Golden Tables' && g.type === 'live')).toBe(true);
    const roulette = await api.json<GamesBody>('front/get_games', { filterGroup: 3 });
    expect(roulette.body.gameList.rows.every((g) => g.group_id === 3)).toBe(true);
    const mini = await api.json<GamesBody>('front/get_games', { section: 'mini_games', itemsPerPage: 50 });
    expect(mini.body.gameList.count).toBeGreaterThan(0);
    expect(mini.body.gameList.rows.every((g) => g.sections.includes('mini_games'))).toBe(true);
  });

  it('leaves out games blocked in the country the lobby names', async () => {
    await api.ctx.database.db
      .update(games)
      .set({ blockedCountries: ['FR'] })
      .where(eq(games.slug, 'keno-80'));
    try {
      const kenos = GAMES.filter((g) => g.name.toLowerCase().includes('keno')).map((g) => g.slug);
      const inFrance = await api.json<GamesBody>('front/get_games', { filterGame: 'keno', country: 'fr' });
      expect(inFrance.body.gameList.rows.map((g) => g.slug)).toEqual(kenos.filter((slug) => slug !== 'keno-80'));
      const elsewhere = await api.json<GamesBody>('front/get_games', { filterGame: 'keno', country: 'DE' });
      expect(elsewhere.body.gameList.count).toBe(kenos.length);
    } finally {
      await api.ctx.database.db.update(games).set({ blockedCountries: [] }).where(eq(games.slug, 'keno-80'));
    }
  });

  it('answers from memory exactly what the database answers, and follows a change to the catalogue at once', async () => {
    const db = api.ctx.database.db;
    const filters: GameFilter[] = [
      {},
      { type: 'online' },
      { type: 'live', section: 'live_roulette' },
      { search: 'MEGA' },
      { search: '%' },
      { search: 'o', groupId: 1, providerId: 2 },
      { section: 'bonus_buy', country: 'FR' },
      { section: 'jackpot_games', type: 'online' },
    ];
    const same = async () => {
      for (const filter of filters)
        for (const [page, perPage] of [
          [1, 24],
          [2, 7],
          [40, 5],
        ] as const)
          expect(await listGames(db, filter, page, perPage), JSON.stringify(filter)).toEqual(await listGamesInDatabase(db, filter, page, perPage));
    };
    await same();
    await db
      .update(games)
      .set({ blockedCountries: ['FR'], name: 'Lucky Clover Megaways' })
      .where(eq(games.slug, 'lucky-clover'));
    try {
      expect((await listGames(db, { search: 'clover megaways' }, 1, 24)).rows.map((g) => g.slug)).toEqual(['lucky-clover']);
      await same();
      await db.update(games).set({ status: 'deactivated' }).where(eq(games.slug, 'lucky-clover'));
      expect((await listGames(db, { search: 'clover' }, 1, 24)).count).toBe(0);
      await same();
    } finally {
      await db.update(games).set({ blockedCountries: [], name: 'Lucky Clover', status: 'activated' }).where(eq(games.slug, 'lucky-clover'));
    }
    expect((await listGames(db, { search: 'clover' }, 1, 24)).count).toBe(1);
  });

  it('answers bad filters with 400 and the failing field', async () => {
    const { status, body } = await api.json('front/get_games', { page: 0, itemsPerPage: 1000 });
    expect(status).toBe(400);
    expect(Object.keys((body as { errors: object }).errors).sort()).toEqual(['itemsPerPage', 'page']);
  });
});

describe('front/get_game_url', () => {
  it('opens free play for a guest on the game page of its engine, in the chosen locale', async () => {
    const { body } = await api.json<{ status: number; gameURL: string }>('front/get_game_url', {
      game_id: 'eagle-studio:lucky-dice',
      game_code: 'lucky-dice',
      player_id: 'test',
      is_real: false,
      lang: 'de',
    });
    expect(body.status).toBe(1);
    expect(body.gameURL).toMatch(/^\/de\/play\/dice#s=[\w-]{20,}$/);
  });

  it('refuses real play without a login', async () => {
    const { status } = await api.json('front/get_game_url', { game_code: 'lucky-dice', is_real: true });
    expect(status).toBe(401);
  });

  it("plays real money for the token's player, whatever player_id the body names", async () => {
    const alice = await fundedPlayer(api, 5_000);
    const bob = await fundedPlayer(api, 5_000);
    const { body } = await api.json<{ gameURL: string }>(
      'front/get_game_url',
      { game_code: 'lucky-dice', is_real: true, player_id: bob.id },
      { token: alice.token },
    );
    const token = new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string;
    const [session] = await api.ctx.database.db
      .select()
      .from(gameSessions)
      .where(sql`${gameSessions.playerId} is not null`)
      .orderBy(sql`${gameSessions.id} desc`)
      .limit(1);
    expect(session?.playerId).toBe(alice.id);
    const opened = await api.json<{ mode: string; balance: number }>('studio/session', { session: token });
    expect(opened.body).toMatchObject({ mode: 'real', balance: 50 });
  });

  it('refuses a game blocked where the request comes from, whatever country the body claims', async () => {
    await api.ctx.database.db
      .update(games)
      .set({ blockedCountries: ['US'] })
      .where(eq(games.slug, 'neon-dice'));
    try {
      const { body } = await api.json('front/get_game_url', { game_code: 'neon-dice', country: 'DE', ip: '1.1.1.1' }, { ip: '8.8.8.8' });
      expect(body).toEqual({ status: 0, message: 'game_not_available' });
    } finally {
      await api.ctx.database.db.update(games).set({ blockedCountries: [] }).where(eq(games.slug, 'neon-dice'));
    }
  });

  it('limits launches from one address, so nobody fills the session table', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.gameLaunchPerIp.max; i++) statuses.push((await api.call('front/get_game_url', { game_code: 'lucky-dice' }, { ip })).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await api.call('front/get_game_url', { game_code: 'lucky-dice' }, { ip: '203.0.113.78' })).status).toBe(200);
  });

  it('answers an unknown game with a refusal', async () => {
    expect((await api.json('front/get_game_url', { game_code: 'no-such-game' })).body).toEqual({ status: 0, message: 'game_not_available' });
  });
});

describe('studio: free play', () => {
  it('opens with 1,000.00 of pretend money and the game the page must show', async () => {
    const token = await launch('lucky-dice', { lang: 'in' });
    const { status, body } = await api.json('studio/session', { session: token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 1,
      game: { name: 'Lucky Dice', slug: 'lucky-dice', engine: 'dice', provider: 'Eagle Studio', theme: 'violet' },
      mode: 'fun',
      currency: 'INR',
      balance: 1000,
      limits: { min: 0.1, max: 100, default: 1 },
      openRound: null,
    });
  });

  it('opens a session of its own from a demo link', async () => {
    const { body } = await api.json<{ session: string; mode: string }>('studio/session', { demo: 'keno-80', lang: 'fr' });
    expect(body.mode).toBe('fun');
    expect(body.session).toMatch(/^[\w-]{20,}$/);
    expect((await api.json('studio/session', { session: body.session })).body).toMatchObject({ game: { slug: 'keno-80' }, currency: 'EUR' });
  });

  it('takes the stake and pays the win on the pretend balance, and never touches the wallet', async () => {
    const token = await launch('lucky-dice');
    const { body } = await api.json<RoundBody>('studio/start', { session: token, roundId: roundId(), stake: 2.5, choice: { target: 50, direction: 'under' } });
    expect(body.status).toBe(1);
    expect(body.round.done).toBe(true);
    expect(body.round.stake).toBe(2.5);
    expect([0, 4.95]).toContain(body.round.win);
    expect(body.balance).toBeCloseTo(1000 - 2.5 + body.round.win, 2);
  });

  it('refuses a stake above the pretend balance and changes nothing', async () => {
    const token = await launch('lucky-dice');
    await api.ctx.database.db
      .update(gameSessions)
      .set({ funBalance: 50 })
      .where(
        sql`${gameSessions.tokenHash} is not null and ${gameSessions.funBalance} is not null and ${gameSessions.id} = (select max(id) from game_sessions)`,
      );
    const { status, body } = await api.json<RoundBody>('studio/start', {
      session: token,
      roundId: roundId(),
      stake: 1,
      choice: { target: 50, direction: 'under' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 0, message: 'insufficient_funds', balance: 0.5 });
  });
});

describe('studio: real money', () => {
  it('moves the stake and the win through the wallet and lists the bet under the game name', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('lucky-dice', { token: p.token });
    const { body } = await api.json<RoundBody>('studio/start', { session: token, roundId: roundId(), stake: 10, choice: { target: 90, direction: 'under' } });
    expect(body.status).toBe(1);
    const after = await readBalance(api.ctx.database.db, p.id);
    expect(after.real).toBe(10_000 - 1_000 + cents(body.round.win));
    expect(body.balance).toBe((10_000 - 1_000 + cents(body.round.win)) / 100);
    const bets = await api.json<{ transactions: { rows: { name: string; bet: number; win: number }[] } }>('front/get_bet_list', {}, { token: p.token });
    expect(bets.body.transactions.rows[0]).toMatchObject({ bet: 10, win: body.round.win });
    expect(JSON.stringify(bets.body.transactions.rows[0])).toContain('Lucky Dice');
  });

  it('answers a repeated start with the same round, moving the money once', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('lucky-dice', { token: p.token });
    const request = { session: token, roundId: roundId(), stake: 5, choice: { target: 50, direction: 'over' } };
    const replies = await Promise.all(Array.from({ length: 6 }, () => api.json<RoundBody>('studio/start', request)));
    const first = replies[0]?.body as RoundBody;
    for (const r of replies) expect(r.body.round).toEqual(first.round);
    const later = await api.json<RoundBody>('studio/start', request);
    expect(later.body.round).toEqual(first.round);
    const balance = await readBalance(api.ctx.database.db, p.id);
    expect(balance.real).toBe(10_000 - 500 + cents(first.round.win));
    const rounds = await api.ctx.database.db.select().from(gameRounds).where(eq(gameRounds.playerId, p.id));
    expect(rounds).toHaveLength(1);
  });

  it('never spends more than the balance when rounds race', async () => {
    const p = await fundedPlayer(api, 1_000);
    const token = await launch('lucky-dice', { token: p.token });
    // Under 2 almost never wins, so money only leaves; ten stakes of 3.00 race for 10.00.
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.json<RoundBody>('studio/start', { session: token, roundId: roundId(), stake: 3, choice: { target: 2, direction: 'under' } }),
      ),
    );
    const played = replies.filter((r) => r.body.status === 1);
    const wins = played.reduce((sum, r) => sum + cents(r.body.round.win), 0);
    const balance = await readBalance(api.ctx.database.db, p.id);
    expect(balance.real).toBe(1_000 - played.length * 300 + wins);
    expect(balance.real).toBeGreaterThanOrEqual(0);
    expect(played.length).toBeLessThanOrEqual(3 + Math.floor(wins / 300));
    for (const r of replies.filter((x) => x.body.status === 0)) expect(r.body.message).toBe('insufficient_funds');
  });

  it('refuses bad stakes and choices with a message and moves nothing', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('lucky-dice', { token: p.token });
    const bad = [
      { stake: 0.05, choice: { target: 50, direction: 'under' }, message: 'stake_out_of_range' },
      { stake: 1000, choice: { target: 50, direction: 'under' }, message: 'stake_out_of_range' },
      { stake: 1, choice: { target: 1, direction: 'under' }, message: 'invalid_choice' },
      { stake: 1, choice: { target: 50, direction: 'sideways' }, message: 'invalid_choice' },
    ];
    for (const b of bad) {
      const { status, body } = await api.json('studio/start', { session: token, roundId: roundId(), stake: b.stake, choice: b.choice });
      expect(status).toBe(400);
      expect(body).toMatchObject({ status: 0, message: b.message });
    }
    const fractional = await api.json('studio/start', { session: token, roundId: roundId(), stake: 1.234, choice: { target: 50, direction: 'under' } });
    expect(fractional.status).toBe(400);
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(10_000);
  });

  it('plays a multi-step round move by move, applying a repeated move once, and resumes it after a reload', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('classic-blackjack', { token: p.token });
    let round: StudioRound | undefined;
    // A natural blackjack ends at the deal; deal until a hand is open. A dealer's ace offers
    // insurance first: declining it leads to hit and stand (or ends the hand on a dealer blackjack).
    for (let i = 0; i < 20 && !round; i++) {
      let { body } = await api.json<RoundBody>('studio/start', { session: token, roundId: roundId(), stake: 1, choice: {} });
      if (!body.round.done && body.round.actions.includes('no_insurance'))
        ({ body } = await api.json<RoundBody>('studio/act', {
          session: token,
          roundId: body.round.roundId,
          step: body.round.step,
          action: { move: 'no_insurance' },
        }));
      if (!body.round.done) round = body.round;
    }
    if (!round) throw new Error('no open hand in 20 deals');
    expect(round.actions).toEqual(expect.arrayContaining(['hit', 'stand']));
    expect(JSON.stringify(round.view)).not.toContain('deck');
    const busy = await api.json('studio/start', { session: token, roundId: roundId(), stake: 1, choice: {} });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ message: 'round_in_progress' });
    const resumed = await api.json<{ openRound: StudioRound }>('studio/session', { session: token });
    expect(resumed.body.openRound).toEqual(round);
    const before = await readBalance(api.ctx.database.db, p.id);
    const stand = { session: token, roundId: round.roundId, step: round.step, action: { move: 'stand' } };
    const [a, b] = await Promise.all([api.json<RoundBody>('studio/act', stand), api.json<RoundBody>('studio/act', stand)]);
    expect(a.body.round).toEqual(b.body.round);
    expect(a.body.round.done).toBe(true);
    const after = await readBalance(api.ctx.database.db, p.id);
    expect(after.real).toBe(before.real + cents(a.body.round.win));
    const again = await api.json<RoundBody>('studio/act', stand);
    expect(again.body.round).toEqual(a.body.round);
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(after.real);
  });

  it('finishes rounds left halfway: pays a decided round, returns the stake of one never confirmed', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('lucky-dice', { token: p.token });
    const { body } = await api.json<RoundBody>('studio/start', { session: token, roundId: roundId(), stake: 1, choice: { target: 50, direction: 'under' } });
    const [session] = await api.ctx.database.db.select().from(gameSessions).where(eq(gameSessions.playerId, p.id));
    if (!session) throw new Error('no session');
    const db = api.ctx.database.db;
    const old = new Date(Date.now() - STALE_ROUND_MS - 5_000);
    // A crash after the stake was taken, before the studio wrote it down…
    const [taken] = await db
      .insert(gameRounds)
      .values({
        sessionId: session.id,
        playerId: p.id,
        gameId: session.gameId,
        roundKey: 'crash_taken',
        stake: 700,
        status: 'new',
        state: {},
        view: {},
        finished: true,
        payout: 0,
        win: 0,
        updatedAt: old,
      })
      .returning();
    await wallet.bet({ key: `studio:${taken?.id}:bet`, playerId: p.id, amount: 700, gameId: 'x', gameName: 'Lucky Dice', roundId: `studio-${taken?.id}` });
    // …a crash before the stake reached the wallet…
    await db.insert(gameRounds).values({
      sessionId: session.id,
      playerId: p.id,
      gameId: session.gameId,
      roundKey: 'crash_unsent',
      stake: 300,
      status: 'new',
      state: {},
      view: {},
      finished: true,
      payout: 0,
      win: 0,
      updatedAt: old,
    });
    // …and a crash after a winning round was decided and its stake taken, before the win was paid.
    const [decided] = await db
      .insert(gameRounds)
      .values({
        sessionId: session.id,
        playerId: p.id,
        gameId: session.gameId,
        roundKey: 'crash_decided',
        stake: 200,
        status: 'new',
        state: {},
        view: {},
        finished: true,
        payout: 19_800,
        win: 396,
        updatedAt: old,
      })
      .returning();
    await wallet.bet({ key: `studio:${decided?.id}:bet`, playerId: p.id, amount: 200, gameId: 'x', gameName: 'Lucky Dice', roundId: `studio-${decided?.id}` });
    await db
      .update(gameRounds)
      .set({ status: 'done', updatedAt: old })
      .where(eq(gameRounds.id, decided?.id ?? 0));
    // …and a crash after both the stake and the win of a round landed, before the studio wrote it down.
    const [paid] = await db
      .insert(gameRounds)
      .values({
        sessionId: session.id,
        playerId: p.id,
        gameId: session.gameId,
        roundKey: 'crash_paid',
        stake: 100,
        status: 'new',
        state: {},
        view: {},
        finished: true,
        payout: 19_800,
        win: 198,
        updatedAt: old,
      })
      .returning();
    await wallet.bet({ key: `studio:${paid?.id}:bet`, playerId: p.id, amount: 100, gameId: 'x', gameName: 'Lucky Dice', roundId: `studio-${paid?.id}` });
    await wallet.win({ key: `studio:${paid?.id}:win`, playerId: p.id, betKey: `studio:${paid?.id}:bet`, amount: 198 });
    const mid = (await readBalance(db, p.id)).real;
    await api.json('studio/session', { session: token });
    const after = (await readBalance(db, p.id)).real;
    expect(after).toBe(mid + 700 + 396);
    const statuses = Object.fromEntries((await db.select().from(gameRounds).where(eq(gameRounds.sessionId, session.id))).map((r) => [r.roundKey, r.status]));
    expect(statuses).toMatchObject({
      crash_taken: 'void',
      crash_unsent: 'void',
      crash_decided: 'settled',
      crash_paid: 'settled',
      [body.round.roundId]: 'settled',
    });
    // Recovery twice changes nothing more.
    await api.json('studio/session', { session: token });
    expect((await readBalance(db, p.id)).real).toBe(after);
  });

  it('pays a decided round in the background when the player never comes back', async () => {
    const p = await fundedPlayer(api, 10_000);
    await launch('lucky-dice', { token: p.token });
    const [session] = await api.ctx.database.db.select().from(gameSessions).where(eq(gameSessions.playerId, p.id));
    if (!session) throw new Error('no session');
    const old = new Date(Date.now() - STALE_ROUND_MS - 5_000);
    const [round] = await api.ctx.database.db
      .insert(gameRounds)
      .values({
        sessionId: session.id,
        playerId: p.id,
        gameId: session.gameId,
        roundKey: 'left_for_good',
        stake: 500,
        status: 'new',
        state: {},
        view: {},
        finished: true,
        payout: 19_800,
        win: 990,
        updatedAt: old,
      })
      .returning();
    await wallet.bet({ key: `studio:${round?.id}:bet`, playerId: p.id, amount: 500, gameId: 'x', gameName: 'Lucky Dice', roundId: `studio-${round?.id}` });
    await api.ctx.database.db
      .update(gameRounds)
      .set({ status: 'done', updatedAt: old })
      .where(eq(gameRounds.id, round?.id ?? 0));
    await studioOf(api.ctx).recoverRounds();
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(10_000 - 500 + 990);
    const [after] = await api.ctx.database.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.id, round?.id ?? 0));
    expect(after?.status).toBe('settled');
  });

  it('keeps the books: the balance equals deposits minus stakes plus wins over many rounds of every engine', async () => {
    const p = await fundedPlayer(api, 100_000);
    const choices: Record<string, unknown> = {
      'eagle-fruits': {},
      'lucky-dice': { target: 60, direction: 'over' },
      'european-roulette': {
        bets: [
          { kind: 'red', amount: 100 },
          { kind: 'straight', value: 17, amount: 100 },
        ],
      },
      'keno-80': { picks: [1, 2, 3, 4, 5] },
      'gold-rush-scratch': {},
      'punto-banco': { bet: 'banker' },
    };
    for (const [slug, choice] of Object.entries(choices)) {
      const token = await launch(slug, { token: p.token });
      for (let i = 0; i < 5; i++) {
        const { body } = await api.json<RoundBody>('studio/start', { session: token, roundId: roundId(), stake: 2, choice });
        expect(body.status, slug).toBe(1);
        expect(body.round.done, slug).toBe(true);
      }
    }
    const poker = await launch('jacks-or-better', { token: p.token });
    for (let i = 0; i < 3; i++) {
      const { body } = await api.json<RoundBody>('studio/start', { session: poker, roundId: roundId(), stake: 1, choice: {} });
      const { body: drawn } = await api.json<RoundBody>('studio/act', {
        session: poker,
        roundId: body.round.roundId,
        step: body.round.step,
        action: { hold: [true, false, true, false, false] },
      });
      expect(drawn.round.done).toBe(true);
    }
    // Casino Hold'em with the AA Bonus: calls and folds, three stakes and two.
    const holdem = await launch('casino-holdem', { token: p.token });
    for (const move of ['call', 'fold', 'call']) {
      const { body } = await api.json<RoundBody>('studio/start', { session: holdem, roundId: roundId(), stake: 1, choice: { aaBonus: true } });
      const { body: decided } = await api.json<RoundBody>('studio/act', {
        session: holdem,
        roundId: body.round.roundId,
        step: body.round.step,
        action: { move },
      });
      expect(decided.round.done).toBe(true);
      expect(decided.round.stakes).toEqual(move === 'call' ? [1, 1, 2] : [1, 1]);
    }
    const rounds = await api.ctx.database.db.select().from(gameRounds).where(eq(gameRounds.playerId, p.id));
    expect(rounds.every((r) => r.status === 'settled')).toBe(true);
    const net = rounds.reduce((sum, r) => sum - r.stake + r.win, 0);
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(100_000 + net);
  });
});

describe('studio: roulette chips', () => {
  // Every pocket pays some of these, and by sums that basis points of the 0.79 stake cannot
  // say to the cent (red alone returns 20 of 79 cents: 2531.6 bp).
  const layout = [
    { kind: 'red', amount: 10 },
    { kind: 'black', amount: 20 },
    { kind: 'straight', value: 0, amount: 13 },
    { kind: 'split', numbers: [17, 20], amount: 25 },
    { kind: 'corner', numbers: [1, 2, 4, 5], amount: 11 },
  ];
  const layoutStake = 79;
  /** What the layout returns on a pocket in cents: each winning spot its amount times 36 over its numbers. */
  const exactWin = (pocket: number) =>
    layout.reduce((sum, b) => {
      const spot = ROULETTE_SPOT_BY_KEY.get(rouletteSpotKey(b as RouletteBetSpot)) as RouletteSpot;
      return sum + (spot.numbers.includes(pocket) ? b.amount * rouletteMultiplier(spot) : 0);
    }, 0);
  const spin = (session: string, stake: number, bets: unknown[], id = roundId()) =>
    api.json<RoundBody>('studio/start', { session, roundId: id, stake, choice: { bets } });

  it("shows each table's limits with the game: the catalogue's, or defaults from the stake limits", async () => {
    const european = await api.json<{ game: { config: { limits: unknown } } }>('studio/session', { session: await launch('european-roulette') });
    expect(european.body.game.config.limits).toEqual({ spotMin: 10, spotMax: 2_500, tableMax: 10_000 });
    const royal = await api.json<{ game: { config: { limits: unknown } } }>('studio/session', { session: await launch('royal-roulette') });
    expect(royal.body.game.config.limits).toEqual({ spotMin: 100, spotMax: 5_000, tableMax: 10_000 });
    const auto = await api.json<{ game: { config: { limits: unknown } } }>('studio/session', { session: await launch('auto-roulette') });
    expect(auto.body.game.config.limits).toEqual({ spotMin: 10, spotMax: 1_000, tableMax: 5_000 });
  });

  it('takes exactly the sum of the spots as the stake and pays exactly the sum of their wins', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('european-roulette', { token: p.token });
    let expected = 10_000;
    for (let i = 0; i < 12; i++) {
      const { status, body } = await spin(token, layoutStake / 100, layout);
      expect(status).toBe(200);
      const pocket = (body.round.view as { number: number }).number;
      expect(body.round.stake).toBe(0.79);
      expect(cents(body.round.win)).toBe(exactWin(pocket));
      expected += exactWin(pocket) - layoutStake;
      expect(cents(body.balance)).toBe(expected);
    }
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(expected);
    const rounds = await api.ctx.database.db.select().from(gameRounds).where(eq(gameRounds.playerId, p.id));
    expect(rounds.map((r) => r.stake)).toEqual(Array(12).fill(layoutStake));
    expect(rounds.every((r) => r.status === 'settled' && r.win === exactWin((r.view as { number: number }).number))).toBe(true);
    const bets = await api.json<{ transactions: { rows: { bet: number; win: number }[] } }>('front/get_bet_list', {}, { token: p.token });
    expect(bets.body.transactions.rows.length).toBeGreaterThan(0);
    expect(bets.body.transactions.rows.every((r) => r.bet === 0.79)).toBe(true);
  });

  it('pays free play to the cent the same way', async () => {
    const token = await launch('roulette-table');
    const { body } = await spin(token, 0.79, layout);
    expect(cents(body.balance)).toBe(100_000 - layoutStake + exactWin((body.round.view as { number: number }).number));
  });

  it('refuses a stake that is not the sum of the spots, a spot outside the limits, bets off the table and an empty layout, and moves nothing', async () => {
    const p = await fundedPlayer(api, 50_000);
    const european = await launch('european-roulette', { token: p.token });
    const royal = await launch('royal-roulette', { token: p.token });
    const low = await launch('auto-roulette', { token: p.token });
    const sixTens = [1, 2, 3, 4, 5, 6].map((value) => ({ kind: 'straight', value, amount: 1_000 }));
    const bad: [string, number, unknown[], string][] = [
      [european, 0.8, layout, 'stake_mismatch'],
      [european, 0.78, layout, 'stake_mismatch'],
      [european, 25.01, [{ kind: 'red', amount: 2_501 }], 'spot_above_max'],
      [
        european,
        0.3,
        [
          { kind: 'red', amount: 5 },
          { kind: 'black', amount: 25 },
        ],
        'spot_below_min',
      ],
      [royal, 0.5, [{ kind: 'odd', amount: 50 }], 'spot_below_min'],
      [royal, 60, [{ kind: 'straight', value: 7, amount: 6_000 }], 'spot_above_max'],
      [low, 60, sixTens, 'table_above_max'],
      [low, 10.01, [{ kind: 'high', amount: 1_001 }], 'spot_above_max'],
      [european, 0.2, [{ kind: 'split', numbers: [3, 4], amount: 20 }], 'invalid_choice'],
      [
        european,
        0.2,
        [
          { kind: 'red', amount: 10 },
          { kind: 'red', amount: 10 },
        ],
        'invalid_choice',
      ],
      [european, 0.1, [{ kind: 'red', share: 1 }], 'invalid_choice'],
      [european, 0.1, [], 'roulette_no_bets'],
      [european, 100.5, [{ kind: 'red', amount: 2_500 }], 'stake_out_of_range'],
    ];
    for (const [session, stake, bets, message] of bad) {
      const { status, body } = await spin(session, stake, bets);
      expect(status, message).toBe(400);
      expect(body, JSON.stringify(bets)).toEqual({ status: 0, message });
    }
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(50_000);
    expect(await api.ctx.database.db.select().from(gameRounds).where(eq(gameRounds.playerId, p.id))).toEqual([]);
    // The most a table takes: four spots at their maximum fill it.
    const full = [1, 2, 3, 4].map((value) => ({ kind: 'straight', value, amount: 2_500 }));
    expect((await spin(european, 100, full)).body.status).toBe(1);
  });

  it('answers repeats of a round id with the same round, moving the money once', async () => {
    const p = await fundedPlayer(api, 10_000);
    const token = await launch('european-roulette', { token: p.token });
    const id = roundId();
    const replies = await Promise.all(Array.from({ length: 6 }, () => spin(token, 0.79, layout, id)));
    const first = replies[0]?.body as RoundBody;
    for (const r of replies) expect(r.body.round).toEqual(first.round);
    expect((await spin(token, 0.79, layout, id)).body.round).toEqual(first.round);
    expect((await readBalance(api.ctx.database.db, p.id)).real).toBe(10_000 - layoutStake + cents(first.round.win));
    expect(await api.ctx.database.db.select().from(gameRounds).where(eq(gameRounds.playerId, p.id))).toHaveLength(1);
  });
});

describe('studio: sessions', () => {
  it('refuses an unknown or expired session', async () => {
    expect((await api.json('studio/session', { session: 'x'.repeat(32) })).status).toBe(401);
    const token = await launch('lucky-dice');
    await api.ctx.database.db.execute(sql`update game_sessions set expires_at = now() - interval '1 second' where id = (select max(id) from game_sessions)`);
    const { status, body } = await api.json('studio/start', { session: token, roundId: roundId(), stake: 1, choice: { target: 50, direction: 'under' } });
    expect(status).toBe(401);
    expect(body).toMatchObject({ status: 0, message: 'session_expired' });
  });

  it("ends a player's real-money games when the player logs out", async () => {
    const login = await api.call('front/auth/login', { username: 'demo', password: 'demo1234' });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const token = await launch('lucky-dice', { token: accessToken });
    expect((await api.json('studio/session', { session: token })).status).toBe(200);
    await api.call('front/auth/logout', {}, { headers: { cookie } });
    expect((await api.json('studio/session', { session: token })).status).toBe(401);
  });
});
