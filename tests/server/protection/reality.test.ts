// Reality checks (PGlite and PostgreSQL): every N minutes of a login the game stops
// until the player answers, with the session's time and net result; on a controlled clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../../../src/server/clock.ts';
import { walletOf } from '../../../src/server/wallet/index.ts';
import { type TestApi, testApi } from '../../helpers/app.ts';
import { newKey } from '../../helpers/wallet.ts';
import { logIn, register, uniqueIp } from '../accounts/helpers.ts';

let api: TestApi;
let clock: ManualClock;
const MINUTE = 60_000;

beforeAll(async () => {
  clock = manualClock(Date.now());
  api = await testApi({}, { clock });
});
afterAll(() => api.close());

async function launched() {
  const form = await register(api);
  const player = await logIn(api, form.username, form.password, uniqueIp());
  await walletOf(api.ctx).deposit({ key: newKey('dep'), playerId: player.playerId, amount: 50_00, provider: 'card' });
  const { body } = await api.json<{ gameURL: string }>('front/get_game_url', { game_code: 'lucky-dice', is_real: true }, { token: player.accessToken });
  return { ...player, session: new URLSearchParams(body.gameURL.split('#')[1]).get('s') as string };
}

const play = (session: string) =>
  api.json<{ status: number; message?: string; reality?: Record<string, unknown> }>('studio/start', {
    session,
    roundId: newKey('r').replace('-', '_'),
    stake: 1,
    choice: { target: 50, direction: 'under' },
  });

describe('reality checks', () => {
  it('stop new rounds every hour by default until the player continues, with the time played and the net result', async () => {
    const p = await launched();
    const opened = await api.json<{ realityCheck: { due: boolean; every_minutes: number } }>('studio/session', { session: p.session });
    expect(opened.body.realityCheck).toMatchObject({ due: false, every_minutes: 60, session_minutes: 0, net: 0, currency: 'EUR' });
    expect((await play(p.session)).body.status).toBe(1);
    clock.advance(60 * MINUTE - 1000);
    expect((await play(p.session)).body.status).toBe(1);
    clock.advance(1000);
    const stopped = await play(p.session);
    const balance = await api.json<{ player: { real_balance: number } }>('front/get_player_balance', {}, { token: p.accessToken });
    expect(stopped).toMatchObject({
      status: 200,
      body: {
        status: 0,
        message: 'reality_check_due',
        reality: { due: true, session_minutes: 60, net: Math.round((balance.body.player.real_balance - 50) * 100) / 100 },
      },
    });
    // The same until answered; "continue" starts the next interval.
    expect((await play(p.session)).body.message).toBe('reality_check_due');
    const answered = await api.json('studio/reality_check', { session: p.session, continue: true });
    expect(answered.body).toMatchObject({ status: 1, reality: { due: false, next_at: new Date(clock.now() + 60 * MINUTE).toISOString() } });
    expect((await play(p.session)).body.status).toBe(1);
  });

  it("follows the player's own interval of 20 to 60 minutes", async () => {
    const p = await launched();
    expect((await api.json('front/set_reality_check', { minutes: 20 }, { token: p.accessToken })).body).toEqual({ status: 1, reality_check_minutes: 20 });
    clock.advance(20 * MINUTE);
    expect((await play(p.session)).body.message).toBe('reality_check_due');
    for (const minutes of [19, 61, 30.5, '30']) {
      const r = await api.json<{ errors: Record<string, string> }>('front/set_reality_check', { minutes }, { token: p.accessToken });
      expect(r.status).toBe(400);
      expect(r.body.errors.minutes).toBeTruthy();
    }
    const { body } = await api.json<{ reality_check_minutes: number }>('front/get_safer_gambling', {}, { token: p.accessToken });
    expect(body.reality_check_minutes).toBe(20);
  });

  it('leave free play alone', async () => {
    const { body } = await api.json<{ realityCheck: unknown }>('studio/session', { demo: 'lucky-dice', lang: 'en' });
    expect(body.realityCheck).toBeNull();
  });
});
