// The figures /metrics reports, moved by what players do through the API: a card deposit
// credited by its verified webhook, a bet through the game wallet callback, its repeat and
// a refusal. Each counter is read before and after, so other suites' figures do not matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics, metricsText } from '../../src/server/metrics.ts';
import { type TestApi, testApi } from '../helpers/app.ts';
import { newKey, sign } from '../helpers/wallet.ts';
import { cardToken, follow, newPlayer, realBalance } from './payments/helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await testApi({}, { demo: false });
});
afterAll(() => api.close());

type Counter = { get(): Promise<{ values: { value: number; labels: Record<string, string | number> }[] }> };

/** The value of `metric` at exactly `labels` (0 when never counted). */
async function figureOf(metric: Counter, labels: Record<string, string>): Promise<number> {
  const { values } = await metric.get();
  const found = values.find((v) => Object.keys(labels).every((k) => String(v.labels[k]) === labels[k]) && !('le' in v.labels));
  return found?.value ?? 0;
}

/** How much each (metric, labels) pair moves while `act` runs. */
async function deltas(watched: [Counter, Record<string, string>][], act: () => Promise<void>): Promise<number[]> {
  const before = await Promise.all(watched.map(([m, l]) => figureOf(m, l)));
  await act();
  const after = await Promise.all(watched.map(([m, l]) => figureOf(m, l)));
  return after.map((v, i) => v - (before[i] as number));
}

describe('metrics', () => {
  it('count a deposit by webhook and a bet: wallet operations, money moved, webhooks and API requests by route template', async () => {
    const player = await newPlayer(api);
    const bet = (transactionId: string, amount: number) => {
      const body = JSON.stringify({ playerId: player.id, transactionId, amount, gameId: 'g', gameName: 'Game', roundId: `r-${transactionId}` });
      return api.json<{ status: number; message?: string }>('games/wallet/bet', body, {
        headers: { 'x-signature': sign(api.ctx.config.webhookSecret, body) },
      });
    };
    const w = metrics.walletOperations as unknown as Counter;
    const money = metrics.moneyMoved as unknown as Counter;
    const moved = await deltas(
      [
        [w, { kind: 'deposit', outcome: 'accepted' }],
        [money, { currency: 'EUR', flow: 'deposit' }],
        [metrics.webhooks as unknown as Counter, { processor: 'sandbox-card', outcome: 'accepted' }],
        [w, { kind: 'bet', outcome: 'accepted' }],
        [w, { kind: 'bet', outcome: 'replayed' }],
        [w, { kind: 'bet', outcome: 'refused' }],
        [metrics.walletRefusals as unknown as Counter, { kind: 'bet', code: 'insufficient_funds' }],
        [money, { currency: 'EUR', flow: 'bet' }],
        [metrics.httpRequests as unknown as Counter, { route: '/api/games/wallet/bet', method: 'POST', status: '200' }],
      ],
      async () => {
        const token = await cardToken(api, '4242 4242 4242 4242');
        const { body } = await api.json<{ redirect_url: string }>(
          'payment/get_payment_stripe_url',
          { amount: '50.00', promotion: '', cardToken: token, playerId: 1 },
          { token: player.token },
        );
        await follow(api, body.redirect_url);
        expect(await realBalance(api, player.id)).toBe(5_000);
        const id = newKey('bet');
        expect((await bet(id, 12.5)).body.status).toBe(1);
        // The same bet again: answered from its stored reply, moving nothing.
        expect((await bet(id, 12.5)).body.status).toBe(1);
        expect((await bet(newKey('bet'), 1_000)).body).toMatchObject({ status: 0 });
      },
    );
    expect(moved).toEqual([1, 5_000, 1, 1, 1, 1, 1, 1_250, 3]);
  });

  it('write the Prometheus text with every family of ours and the process defaults', async () => {
    const text = await metricsText();
    for (const name of [
      'casino_http_requests_total',
      'casino_http_request_duration_seconds_bucket',
      'casino_wallet_operations_total',
      'casino_wallet_operation_duration_seconds_bucket',
      'casino_money_moved_minor_units_total',
      'casino_webhooks_total',
      'casino_db_transactions_open',
    ])
      expect(text).toContain(`\n${name}`);
    for (const help of [
      'casino_game_rounds_total',
      'casino_sports_bets_placed_total',
      'casino_sports_bets_settled_total',
      'casino_sports_cash_outs_total',
      'casino_sports_settlement_lag_seconds',
      'casino_socket_connections',
      'casino_pushes_total',
      'casino_lease_held',
      'casino_db_pool_size',
    ])
      expect(text).toContain(`# HELP ${help} `);
    expect(text).toMatch(/casino_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/games\/wallet\/bet",method="POST",status="200"\} \d+/);
  });
});
