// The seamless wallet: balance, bet, win and rollback as a game studio sees them. One
// module for every studio: the HTTP API for outside providers (routes/providers) and our
// own studio (games/studio.ts) call these same functions, in process. What differs between
// callers is only their namespace (`Caller`): a provider's transaction ids are its own, so
// they become wallet keys under the provider's prefix, and its round ids likewise, so two
// studios can never answer each other's transactions.
//
// What the wallet already holds, it holds for every caller: the same transaction id with the
// same details answers the first reply and moves nothing (a different one is `conflict`), a
// rollback of a bet not seen yet leaves a tombstone so the late bet is refused, a bet the
// balance cannot pay is refused with the balance, and player protection's limits and breaks
// are checked inside the stake's transaction.
import { type SQL, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { read } from '../wallet/connection.ts';
import { readBalance, type WalletBalance, type WalletOutcome, walletOf } from '../wallet/index.ts';
import type { WalletProvider } from './providers.ts';

/** Who moves money: where its transaction and round ids live among the wallet's keys, and what it may do. */
export interface Caller {
  /** Prefix of its transactions' wallet keys (`studio:` keeps the keys our studio always had). */
  keyPrefix: string;
  /** Prefix of its round ids in the bet list (`studio-<round>`). */
  roundPrefix: string;
  /** Currencies it may move money in; null: any (our studio plays in every wallet currency). */
  currencies: readonly string[] | null;
}

/** Our own studio: its round `<id>` and transactions `<id>:bet`, `<id>:win` … are `studio-<id>` and `studio:<id>:bet` in the wallet. */
export const STUDIO_CALLER: Caller = { keyPrefix: 'studio:', roundPrefix: 'studio-', currencies: null };

/** An outside provider, by its row: keys `provider:<id>:<transaction>`, rounds `provider-<id>-<round>`. */
export function providerCaller(p: Pick<WalletProvider, 'id' | 'currencies'>): Caller {
  return { keyPrefix: `provider:${p.id}:`, roundPrefix: `provider-${p.id}-`, currencies: p.currencies };
}

/** The game a stake is for, as the bet list names it. */
export interface SeamlessGame {
  externalGameId: string;
  name: string;
  /** The lobby's label of its studio (the bet list's provider filter). */
  providerName: string;
}

export interface SeamlessBet {
  playerId: number;
  transactionId: string;
  roundId: string;
  game: SeamlessGame;
  /** Minor units of the player's currency, > 0. */
  amount: number;
  /** What the caller believes the player's currency is; another one is refused (`currency_mismatch`). */
  currency?: string;
  /** In-process callers only (our studio): statements run in the bet's own transaction, such as a jackpot pool's share of the stake. */
  also?: SQL[];
}

export interface SeamlessWin {
  playerId: number;
  transactionId: string;
  roundId: string;
  /** Minor units, ≥ 0 (0 closes a lost round). */
  amount: number;
  /** The bet it pays; without it, the round's first bet (a win of a round never staked is refused). */
  betTransactionId?: string;
  currency?: string;
}

export interface SeamlessRollback {
  playerId: number;
  transactionId: string;
  /** The bet to cancel, which may not have arrived yet. */
  betTransactionId: string;
  currency?: string;
}

/** A currency the caller may not use is refused like a currency that is not the player's: nothing moves. */
function outsideCurrencies(caller: Caller, currency: string | undefined): boolean {
  return caller.currencies !== null && (currency === undefined || !caller.currencies.includes(currency));
}

const refused = (code: 'currency_mismatch' | 'unknown_bet', balance?: WalletBalance): WalletOutcome => ({
  ok: false,
  code,
  replayed: false,
  ...(balance ? { balance } : {}),
});

/** The first bet of a caller's round for this player, by its wallet key. */
async function firstBetOfRound(db: Db, playerId: number, roundId: string): Promise<string | undefined> {
  const [row] = await read<{ bet_key: string }>(
    db,
    sql`select bet_key from player_bets where player_id = ${playerId} and round_id = ${roundId} order by id limit 1`,
  );
  return row?.bet_key;
}

function createSeamless(ctx: ServerContext) {
  const { db } = ctx.database;
  const wallet = walletOf(ctx);
  const withCurrency = (currency: string | undefined) => (currency === undefined ? {} : { currency });
  return {
    /** The player's playable money (real + bonus) and currency. */
    balance: (playerId: number): Promise<WalletBalance> => readBalance(db, playerId),

    bet(caller: Caller, b: SeamlessBet): Promise<WalletOutcome> {
      if (outsideCurrencies(caller, b.currency)) return Promise.resolve(refused('currency_mismatch'));
      return wallet.bet({
        key: caller.keyPrefix + b.transactionId,
        playerId: b.playerId,
        amount: b.amount,
        gameId: b.game.externalGameId,
        gameName: b.game.name,
        roundId: caller.roundPrefix + b.roundId,
        provider: b.game.providerName,
        ...withCurrency(b.currency),
        ...(b.also ? { also: b.also } : {}),
      });
    },

    async win(caller: Caller, w: SeamlessWin): Promise<WalletOutcome> {
      if (outsideCurrencies(caller, w.currency)) return refused('currency_mismatch');
      // A win that names no bet pays the round's first one: the round must be known.
      const betKey =
        w.betTransactionId === undefined ? await firstBetOfRound(db, w.playerId, caller.roundPrefix + w.roundId) : caller.keyPrefix + w.betTransactionId;
      if (betKey === undefined) return refused('unknown_bet', await readBalance(db, w.playerId));
      return wallet.win({ key: caller.keyPrefix + w.transactionId, playerId: w.playerId, betKey, amount: w.amount, ...withCurrency(w.currency) });
    },

    rollback(caller: Caller, r: SeamlessRollback): Promise<WalletOutcome> {
      if (outsideCurrencies(caller, r.currency)) return Promise.resolve(refused('currency_mismatch'));
      return wallet.rollback({
        key: caller.keyPrefix + r.transactionId,
        playerId: r.playerId,
        betKey: caller.keyPrefix + r.betTransactionId,
        ...withCurrency(r.currency),
      });
    },
  };
}

export type Seamless = ReturnType<typeof createSeamless>;

const services = new WeakMap<ServerContext, Seamless>();

/** The seamless wallet of a running server, one per context. */
export function seamlessOf(ctx: ServerContext): Seamless {
  let service = services.get(ctx);
  if (!service) {
    service = createSeamless(ctx);
    services.set(ctx, service);
  }
  return service;
}
