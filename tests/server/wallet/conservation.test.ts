// Money is neither made nor lost under load: 100 players and the house, 8 clients at
// once doing random bets, wins, rollbacks, deposits, withdrawal requests, cancels and
// completions (and bonus grants and forfeits), while a reader checks the ledger every
// 100 ms from one snapshot. Half the players keep their wallet in euros, half in
// rupees: each currency must balance on its own.
//
// The run lasts 5 s on PostgreSQL in npm test (thousands of racing operations) and 30 s
// under `npm run test:proofs`. PGlite has one connection, so its "concurrent" clients take
// turns and cannot race; it runs 5 s there, which proves the bookkeeping but not the
// locking. WALLET_SOAK_SECONDS shortens (or lengthens) either for local runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../../../src/server/db/client.ts';
import { noPushes } from '../../../src/server/context.ts';
import { promotionAmounts, promotions } from '../../../src/server/db/schema/index.ts';
import { auditLedger, balancedPerCurrency, createWallet, type LedgerAudit, type Wallet, type WalletOutcome } from '../../../src/server/wallet/index.ts';
import { engine, testDatabase } from '../../helpers/db.ts';
import { proofLength } from '../../helpers/proofs.ts';
import { createPlayers, newKey } from '../../helpers/wallet.ts';
import { sql } from 'drizzle-orm';

const SECONDS = Number(process.env.WALLET_SOAK_SECONDS ?? (engine === 'postgres' ? proofLength(30, 5) : 5));
const PLAYERS = 100;
const CLIENTS = 8;
const START_CENTS = 100_000;

let database: Database;
let wallet: Wallet;
let players: number[];
let promotionId: number;

beforeAll(async () => {
  database = await testDatabase();
  wallet = createWallet(database.db, noPushes);
  players = await createPlayers(database.db, PLAYERS, ['EUR', 'INR']);
  for (const playerId of players) await wallet.deposit({ key: newKey('seed'), playerId, amount: START_CENTS, provider: 'card' });
  const [promotion] = await database.db
    .insert(promotions)
    .values({ promoCode: newKey('SOAK'), bonusKind: 'fixed', bonusValue: 2000, wageringMultiplier: 3 })
    .returning({ id: promotions.id });
  promotionId = promotion?.id as number;
  await database.db.insert(promotionAmounts).values({ promotionId, currency: 'INR', bonusValue: 2000 });
});
afterAll(() => database.close());

const pick = <T>(list: T[]): T | undefined => list[Math.floor(Math.random() * list.length)];
const cents = (max: number) => 1 + Math.floor(Math.random() * max);

describe('conservation under concurrent load', () => {
  it(
    'keeps the total, every balance and every operation exact while 8 clients move money at random',
    async () => {
      const bets = new Map<number, string[]>(players.map((p) => [p, []]));
      // Withdrawals requested so far, of any player: cancels and completions pick among them, so that
      // even a slow run (a loaded machine) cancels and completes some.
      const withdrawals: { playerId: number; operationId: number }[] = [];
      const outcomes = new Map<string, number>();
      const failures: string[] = [];
      const count = (name: string, o: WalletOutcome) => {
        const label = `${name}:${o.ok ? 'ok' : o.code}`;
        outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
      };

      async function oneOperation(): Promise<void> {
        const playerId = pick(players) as number;
        const roll = Math.random();
        if (roll < 0.4) {
          const key = newKey('bet');
          const o = await wallet.bet({ key, playerId, amount: cents(3000), gameId: 'soak', gameName: 'Soak Slots', roundId: key });
          if (o.ok) bets.get(playerId)?.push(key);
          count('bet', o);
        } else if (roll < 0.6) {
          const betKey = pick(bets.get(playerId) ?? []) ?? newKey('nobet');
          count('win', await wallet.win({ key: newKey('win'), playerId, betKey, amount: Math.floor(Math.random() * 6000) }));
        } else if (roll < 0.68) {
          const betKey = Math.random() < 0.8 ? (pick(bets.get(playerId) ?? []) ?? newKey('nobet')) : newKey('nobet');
          count('rollback', await wallet.rollback({ key: newKey('rb'), playerId, betKey }));
        } else if (roll < 0.76) {
          count('deposit', await wallet.deposit({ key: newKey('dep'), playerId, amount: cents(20_000), provider: 'card' }));
        } else if (roll < 0.84) {
          const o = await wallet.withdrawalRequest({ key: newKey('wd'), playerId, amount: cents(20_000), provider: 'bank', forfeitBonus: Math.random() < 0.5 });
          if (o.ok) withdrawals.push({ playerId, operationId: o.operationId });
          count('withdrawal_request', o);
        } else if (roll < 0.9) {
          const request = pick(withdrawals) ?? { playerId, operationId: 1 };
          count('withdrawal_cancel', await wallet.withdrawalCancel({ key: newKey('cancel'), transactionId: request.operationId, playerId: request.playerId }));
        } else if (roll < 0.96) {
          const transactionId = pick(withdrawals)?.operationId ?? 1;
          count('withdrawal_complete', await wallet.withdrawalComplete({ key: newKey('done'), transactionId }));
        } else if (roll < 0.98) {
          count('bonus_grant', await wallet.bonusGrant({ key: newKey('grant'), playerId, promotionId }));
        } else {
          count('bonus_forfeit', await wallet.bonusForfeit({ key: newKey('forfeit'), playerId }));
        }
      }

      const deadline = Date.now() + SECONDS * 1000;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) {
          try {
            await oneOperation();
          } catch (error) {
            failures.push(String(error));
          }
          // PGlite answers within the same process, as microtasks: yield so that the reader's timer can fire.
          await new Promise((r) => setImmediate(r));
        }
      });

      const audits: LedgerAudit[] = [];
      let reading = true;
      const reader = (async () => {
        while (reading) {
          audits.push(await auditLedger(database.db));
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await Promise.all(clients);
      reading = false;
      await reader;
      audits.push(await auditLedger(database.db));

      const operations = [...outcomes.values()].reduce((a, b) => a + b, 0);
      console.log(`conservation on ${engine}: ${operations} operations in ${SECONDS} s, ${audits.length} ledger reads`, Object.fromEntries(outcomes));
      expect(failures).toEqual([]);
      expect(audits.length).toBeGreaterThan(SECONDS * 2);
      for (const audit of audits) {
        expect(audit.total).toBe(0);
        expect(balancedPerCurrency(audit), JSON.stringify(audit.currencies)).toBe(true);
        expect(audit.mixedOperations).toEqual([]);
        expect(audit.negativeAccounts).toEqual([]);
        expect(audit.driftedAccounts).toEqual([]);
        expect(audit.unbalancedOperations).toEqual([]);
      }
      // The load really moved money in every way it was meant to.
      for (const kind of ['bet:ok', 'win:ok', 'rollback:ok', 'deposit:ok', 'withdrawal_request:ok', 'withdrawal_cancel:ok', 'withdrawal_complete:ok']) {
        expect(outcomes.get(kind), kind).toBeGreaterThan(0);
      }
      // In each currency, what players hold is what was deposited minus what left, the house's net result aside.
      const last = audits.at(-1) as LedgerAudit;
      expect(Object.keys(last.currencies).sort()).toEqual(['EUR', 'INR']);
      for (const currency of ['EUR', 'INR']) {
        const [flows] = await rows<{ deposited: string | number; paid_out: string | number; house: string | number }>(
          database.db,
          sql`select
                (select coalesce(sum(f.amount), 0) from financial_transactions f join players p on p.id = f.player_id
                 where f.type = 'deposit' and p.currency = ${currency}) as deposited,
                (select coalesce(sum(f.amount), 0) from financial_transactions f join players p on p.id = f.player_id
                 where f.type = 'withdrawal' and f.status = 'complete' and p.currency = ${currency}) as paid_out,
                (select coalesce(sum(balance), 0) from wallet_accounts where kind = 'house' and currency = ${currency}) as house`,
        );
        expect(last.currencies[currency]?.playersTotal, currency).toBe(Number(flows?.deposited) - Number(flows?.paid_out) - Number(flows?.house));
      }
    },
    SECONDS * 1000 + 60_000,
  );
});
