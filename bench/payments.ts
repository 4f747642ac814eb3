// Deposits credited by the provider's webhook per second (a pending payment's signed
// `payment.succeeded` posted to /api/payment/webhook/46 through the app: the signature
// checked, the event looked up and stored once, the wallet's deposit under the payment's
// key, the payment completed), 8 senders on the local PostgreSQL, beside the wallet's bare
// deposit operation in the same run (before and after, their mean as the baseline).
import { sql } from 'drizzle-orm';
import { rows } from '../src/server/db/client.ts';
import { CARD_ADAPTER } from '../src/server/payments/sandbox/card.ts';
import { signedWebhook } from '../src/server/payments/sandbox/common.ts';
import { measure } from './games.ts';
import { table } from './lib.ts';
import { withBenchApp } from './app.ts';

const PLAYERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The card processor (Card, Visa / Mastercard) and its sandbox provider. */
const PROCESSOR = 46;

export async function benchPayments(): Promise<Record<string, number>> {
  return withBenchApp('casino_bench_payments', PLAYERS, async ({ database, ctx, app, wallet, players }) => {
    {
      const pick = () => players[Math.floor(Math.random() * PLAYERS)] as number;

      let bare = 0;
      const walletDeposit = async (client: number, i: number) => {
        const outcome = await wallet.deposit({ key: `bare-${client}-${i}-${bare++}`, playerId: pick(), amount: 1_000, provider: 'bench' });
        if (!outcome.ok) throw new Error(`deposit refused: ${outcome.code}`);
      };
      // The deposits waiting for their provider's word, recorded beforehand as the deposit
      // calls record them: the measured thing is the webhook's credit.
      const POOL = 60_000;
      const pool = await rows<{ id: number }>(
        database.db,
        sql`insert into payments (player_id, processor_id, direction, amount, fee, currency, status)
            select (array[${sql.raw(players.join(','))}])[1 + (g % ${PLAYERS})], ${PROCESSOR}, 'deposit', 1000, 0, 'EUR', 'pending'
            from generate_series(1, ${POOL}) g returning id`,
      );
      let next = 0;
      let sent = 0;
      const webhookDeposit = async (client: number, i: number) => {
        const id = Number(pool[next++]?.id);
        if (!id) throw new Error('the pool of pending deposits ran out: raise POOL');
        const { body, signature } = signedWebhook(ctx, CARD_ADAPTER, {
          id: `evt_bench_${client}_${i}_${sent++}`,
          type: 'payment.succeeded',
          reference: id,
          providerRef: `ch_${id}`,
          amount: 1_000,
          currency: 'EUR',
        });
        const response = await app.request(`/api/payment/webhook/${PROCESSOR}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
          body,
        });
        if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
      };

      const before = await measure(SECONDS, walletDeposit);
      const credited = await measure(SECONDS, webhookDeposit);
      const after = await measure(SECONDS, walletDeposit);
      const baseline = (before.perSecond + after.perSecond) / 2;
      const ratio = credited.perSecond / baseline;
      console.log(
        table([
          ['measure', 'per second', 'p99 ms', 'target'],
          ['webhook-credited deposits, 8 senders', credited.perSecond.toFixed(0), credited.p99ms.toFixed(2), ''],
          ['wallet deposits, before and after', `${before.perSecond.toFixed(0)} / ${after.perSecond.toFixed(0)}`, before.p99ms.toFixed(2), ''],
          ['ratio webhook deposits / wallet deposits', ratio.toFixed(2), '', '≥ 0.50'],
        ]),
      );
      return {
        seconds: SECONDS,
        webhookDepositsPerSecond: Math.round(credited.perSecond),
        webhookDepositP99ms: Number(credited.p99ms.toFixed(2)),
        walletDepositsPerSecond: Math.round(baseline),
        ratio: Number(ratio.toFixed(2)),
      };
    }
  });
}
