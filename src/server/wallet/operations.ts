// The wallet's operations. Each one states what it locks, decides under the locks
// (refuse, or which entries to post), and lets the ledger engine write and commit.
import { type SQL, sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../clock.ts';
import type { Pushes } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { OperationKind } from '../db/schema/wallet.ts';
import { playerAccountIds } from './accounts.ts';
import { BONUS_TYPES, bonusFromPromotion, bonusMoneyGoesTo, bonusShareOfWin, cashOut, fundStake } from './bonus.ts';
import { type Conn, read } from './connection.ts';
import { type Decision, type Entry, type Ledger, type Locked, runOperation, withCurrency } from './ledger.ts';
import { decisionOf, guardMove } from '../protection/guard.ts';
import { findPromotionIn } from './promotions.ts';
import { FREE_BET_MIN_ODDS } from '../../shared/sports.ts';
import type { RefusalCode, WalletOutcome, WalletReply } from './types.ts';

export interface BetInput {
  /** The game provider's transaction id of this bet. */
  key: string;
  playerId: number;
  /** Stake in cents, > 0. */
  amount: number;
  provider?: string;
  gameId: string;
  gameName: string;
  roundId: string;
  /**
   * The caller's own writes (INSERT/UPDATE), run in the stake's transaction only when the
   * stake is taken; given the operation's id when they need it (a row keyed by the stake,
   * as `player_bets` is).
   */
  also?: SQL[] | ((operationId: number) => SQL[]);
  /**
   * A statement run under the player's locks once every other check has passed, that
   * claims something the stake needs (a free bet still the player's): when it returns no
   * row the stake is refused (`claim_refused`) and nothing moves or is written. Given the
   * operation's id, as `also` is.
   */
  claim?: (operationId: number) => SQL;
  /** The currency the caller states (ISO 4217); when it is not the player's wallet currency the operation is refused (`currency_mismatch`) and moves nothing. */
  currency?: string;
  /**
   * A free bet (the sportsbook's SPORTS20): `amount` is the house's stake, not the
   * player's. Nothing moves and nothing counts toward wagering or a wager or loss limit
   * (the bet is recorded with no stake of the player's), but a break or a closed account
   * still refuses it; its win later pays what it returns less that stake.
   */
  freeBet?: boolean;
}

export interface WinInput {
  key: string;
  playerId: number;
  /** The id of the bet this win pays. */
  betKey: string;
  /** Cents, ≥ 0: a zero win settles a lost round. */
  amount: number;
  /** The currency the caller states (ISO 4217); when it is not the player's wallet currency the operation is refused (`currency_mismatch`) and moves nothing. */
  currency?: string;
}

export interface JackpotWinInput {
  key: string;
  playerId: number;
  /** The bet of the round that won it: the win goes back the way its stake was paid. */
  betKey: string;
  /** The pool (jackpot_pools.id); it must be in the player's currency. */
  poolId: number;
  /** The caller's own writes, given the amount the pool paid, committed with the payment. */
  with?: (amount: number) => SQL[];
}

export interface RollbackInput {
  key: string;
  playerId: number;
  betKey: string;
  /** The currency the caller states (ISO 4217); when it is not the player's wallet currency the operation is refused (`currency_mismatch`) and moves nothing. */
  currency?: string;
}

export interface DepositInput {
  key: string;
  playerId: number;
  /** Cents of the player's currency. */
  amount: number;
  provider: string;
  invoiceId?: string;
  /** The currency the money came in (ISO 4217); when it is not the player's wallet currency the deposit is refused (`currency_mismatch`). */
  currency?: string;
  /**
   * A promotion's deposit bonus, granted with the credit in the same transaction (a child
   * operation of the deposit) when the promotion's terms allow it; when they do not, the
   * deposit is credited all the same and `onBonus` hears why.
   */
  bonus?: DepositBonus;
  /**
   * The caller's own statements committed with the credit (payments: the payment completed
   * and the provider's event recorded), given the deposit's operation id. They run when the
   * deposit is applied, not on a repeat of its key, and cost no commit of their own.
   */
  with?: (operationId: number) => SQL[];
  /**
   * The caller's own condition, read under the player's locks after player protection: when
   * `query` returns no row the deposit is refused with `refuse` and nothing moves (a
   * processor's daily limit, which deposits credited at the same moment must not pass together).
   */
  admit?: { query: SQL; refuse: RefusalCode };
}

export interface DepositBonus {
  promotionId: number;
  /** As for bonusGrant: "once per person". */
  personMarks?: readonly string[];
  quietMarks?: readonly string[];
  /** Told, inside the transaction, what became of the bonus: its operation id, or why it was not granted. */
  onBonus?: (outcome: { granted: number } | { refused: RefusalCode }) => void;
}

export interface WithdrawalRequestInput {
  key: string;
  playerId: number;
  /** Cents of the player's currency. */
  amount: number;
  provider: string;
  /** The player chose to give up an unwagered bonus to withdraw now. */
  forfeitBonus?: boolean;
  /** The currency the payout will be in (ISO 4217); when it is not the player's wallet currency the request is refused (`currency_mismatch`). */
  currency?: string;
  /**
   * The caller's own statements committed with the request (payments: the withdrawal's
   * row, which names the operation), given its operation id: a request and its payment
   * exist together or not at all, so no cancel can find one without the other.
   */
  with?: (operationId: number) => SQL[];
}

export interface RefundInput {
  key: string;
  playerId: number;
  /** Cents of the player's currency that leave the real balance. */
  amount: number;
  provider: string;
  currency?: string;
  /** The caller's own statements committed with the refund, given its operation id. */
  with?: (operationId: number) => SQL[];
}

export interface WithdrawalSettleInput {
  key: string;
  /** The withdrawal's transaction id (the reply's operationId of its request). */
  transactionId: number;
  /** When given, the withdrawal must be this player's. */
  playerId?: number;
}

export interface BonusGrantInput {
  key: string;
  playerId: number;
  promotionId: number;
  /** The deposit the bonus is for, in cents; percentage bonuses and minimum deposits need it. */
  depositAmount?: number;
  /**
   * "Once per person": the marks of the person behind the player (auth/person.ts). The
   * grant is refused with `bonus_once_per_person` when another player already received
   * this promotion's bonus under one of them; a granted bonus records them.
   */
  personMarks?: readonly string[];
  /** Marks recorded with the grant but not compared now (a later grant may compare them). */
  quietMarks?: readonly string[];
}

export interface BonusExpiryInput {
  playerId: number;
  bonusId: number;
}

export interface BonusInput {
  key: string;
  playerId: number;
}

export interface Wallet {
  /** Takes a stake: real money first, then bonus; counts it toward wagering and converts the bonus when that meets the requirement. */
  bet(input: BetInput): Promise<WalletOutcome>;
  /** Pays a win on a known bet, the bonus-funded share the way the stake came. */
  win(input: WinInput): Promise<WalletOutcome>;
  /**
   * Pays a progressive pool to the winner of a round and reseeds it, in one transaction
   * that holds the pool's row lock: two winners at once are paid one after the other,
   * the first the pool, the second what it grew back to from its seed.
   */
  jackpotWin(input: JackpotWinInput): Promise<WalletOutcome>;
  /**
   * Takes back part of what a bet was paid (a sportsbook result corrected after settlement):
   * real money first, then bonus, never below zero; the reply's balance shows what was taken.
   */
  winReversal(input: WinInput): Promise<WalletOutcome>;
  /** Returns an open bet's stake; for a bet not seen yet, leaves a tombstone that refuses it later. */
  rollback(input: RollbackInput): Promise<WalletOutcome>;
  /** Credits real money received from a payment processor. */
  deposit(input: DepositInput): Promise<WalletOutcome>;
  /** Moves real money to locked while a payout is pending; refused while a bonus is unwagered unless the player forfeits it. */
  withdrawalRequest(input: WithdrawalRequestInput): Promise<WalletOutcome>;
  /** Pays out a pending withdrawal: locked money leaves to the clearing side. */
  withdrawalComplete(input: WithdrawalSettleInput): Promise<WalletOutcome>;
  /** Returns a pending withdrawal's money to real. */
  withdrawalCancel(input: WithdrawalSettleInput): Promise<WalletOutcome>;
  /**
   * Gives a deposit back: real money leaves to the clearing side at once, recorded as a
   * completed withdrawal. One operation, never a pending one a player could cancel.
   */
  refund(input: RefundInput): Promise<WalletOutcome>;
  /** Grants a promotion's bonus, with its wagering requirement. */
  bonusGrant(input: BonusGrantInput): Promise<WalletOutcome>;
  /** Converts the active bonus to real once its wagering is met (bets do this by themselves). */
  bonusConvert(input: BonusInput): Promise<WalletOutcome>;
  /** Gives up the active bonus: its balance goes back to the house. */
  bonusForfeit(input: BonusInput): Promise<WalletOutcome>;
  /** Forfeits a bonus whose deadline has passed, if it is still active; the same bonus again moves nothing. */
  bonusExpire(input: BonusExpiryInput): Promise<WalletOutcome>;
  /** Active bonuses past their deadline at the clock's now, oldest first. */
  expiredBonuses(limit: number): Promise<BonusExpiryInput[]>;
}

const fingerprint = (...parts: unknown[]) => JSON.stringify(parts);

/** A currency the caller named joins the details a repeat must match; one left out leaves them as they always were. */
const named = (currency: string | undefined) => (currency === undefined ? [] : [currency]);

function assertCents(amount: number, what: string, allowZero = false): void {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1))
    throw new RangeError(`${what} must be a whole number of cents${allowZero ? '' : ' above 0'}, got ${amount}`);
}

function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw new RangeError('an operation id must be 1 to 200 characters');
}

/** Entries of one operation, leaving out zero amounts. */
function post(operationId: number, ...lines: [accountId: number, amount: number][]): Entry[] {
  return lines.filter(([, amount]) => amount !== 0).map(([accountId, amount]) => ({ operationId, accountId, amount }));
}

interface BonusClosing {
  entries: Entry[];
  writes: SQL[];
  wagering: { bonusId: null; required: 0; wagered: 0 };
  /** What became real money. */
  converted: number;
}

/** What a granted bonus carries beyond its wagering (kept on its row, read only when it closes). */
interface BonusTerms {
  maxCashout: number | null;
  cashedOut: number;
  expiresAt: Date | null;
}

const NO_TERMS: BonusTerms = { maxCashout: null, cashedOut: 0, expiresAt: null };

async function readBonusTerms(tx: Conn, bonusId: number): Promise<BonusTerms> {
  const [r] = await tx.query<{ max_cashout: number | string | null; cashed_out: number | string; expires_at: Date | string | null }>(
    sql`select max_cashout, cashed_out, expires_at from wallet_bonuses where id = ${bonusId}`,
  );
  if (!r) return NO_TERMS;
  return {
    maxCashout: r.max_cashout === null ? null : Number(r.max_cashout),
    cashedOut: Number(r.cashed_out),
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
  };
}

/**
 * Ends bonus `bonusId` (the active one): its remaining balance goes to real (convert, up
 * to the bonus's maximum cash-out, the rest to the house under a forfeit of its own) or
 * to the house (forfeit), posted under `operationId`.
 */
async function closeBonus(
  l: Locked,
  operationId: number,
  how: 'convert' | 'forfeit',
  remaining: number,
  options: { bonusId?: number; terms?: BonusTerms; bonusRowWritten?: boolean } = {},
): Promise<BonusClosing> {
  const bonusId = options.bonusId ?? (l.bonus.bonusId as number);
  const terms = options.terms ?? NO_TERMS;
  const { toReal, toHouse } = how === 'convert' ? cashOut(remaining, terms.maxCashout, terms.cashedOut) : { toReal: 0, toHouse: remaining };
  const writes: SQL[] = [];
  if (options.bonusRowWritten !== false) {
    writes.push(sql`update wallet_bonuses set status = ${how === 'convert' ? 'converted' : 'forfeited'}, closed_at = now(), cashed_out = cashed_out + ${toReal}
                    where id = ${bonusId}`);
  }
  const entries: Entry[] = [];
  if (how === 'convert' && toReal > 0) {
    entries.push(...post(operationId, [l.bonus.id, -toReal], [l.real.id, toReal]));
    writes.push(sql`insert into financial_transactions (id, player_id, type, amount, status, is_bonus)
                    values (${operationId}, ${l.playerId}, ${BONUS_TYPES.convert}, ${toReal}, 'complete', true)`);
  }
  if (toHouse > 0) {
    // Above the maximum cash-out: a forfeit of its own, so the transaction list shows what was removed.
    const forfeitId = how === 'forfeit' ? operationId : await l.child('bonus_forfeit', fingerprint(bonusId, 'max_cashout'));
    entries.push(...post(forfeitId, [l.bonus.id, -toHouse], [l.house.id, toHouse]));
    writes.push(sql`insert into financial_transactions (id, player_id, type, amount, status, is_bonus)
                    values (${forfeitId}, ${l.playerId}, ${BONUS_TYPES.forfeit}, ${toHouse}, 'complete', true)`);
  }
  return { entries, writes, wagering: { bonusId: null, required: 0, wagered: 0 }, converted: toReal };
}

interface BetRow {
  op_id: number | string;
  outcome: string;
  player_id: number;
  id: number | string | null;
  stake: number | string;
  stake_real: number | string;
  stake_bonus: number | string;
  bonus_id: number | string | null;
  state: string | null;
  bonus_status: string | null;
  bonus_max_cashout: number | string | null;
  bonus_cashed_out: number | string | null;
}

interface KnownBet {
  outcome: string;
  playerId: number;
  id: number;
  stake: number;
  stakeReal: number;
  stakeBonus: number;
  bonusId: number | null;
  state: string | null;
  bonusStatus: string | null;
  bonusMaxCashout: number | null;
  bonusCashedOut: number;
}

// Read after the player's accounts are locked: every change to this player's bets
// happens under the same locks, so what is read here cannot change before commit.
async function readBet(tx: Conn, betKey: string): Promise<KnownBet | undefined> {
  const [r] = await tx.query<BetRow>(
    sql`select o.id as op_id, o.outcome, o.player_id, b.id, b.stake, b.stake_real, b.stake_bonus, b.bonus_id, b.state, g.status as bonus_status,
               g.max_cashout as bonus_max_cashout, g.cashed_out as bonus_cashed_out
        from wallet_operations o
        left join player_bets b on b.id = o.id
        left join wallet_bonuses g on g.id = b.bonus_id
        where o.kind = 'bet' and o.op_key = ${betKey}`,
  );
  if (!r) return undefined;
  return {
    outcome: r.outcome,
    playerId: Number(r.player_id),
    id: Number(r.op_id),
    stake: Number(r.stake ?? 0),
    stakeReal: Number(r.stake_real ?? 0),
    stakeBonus: Number(r.stake_bonus ?? 0),
    bonusId: r.bonus_id === null ? null : Number(r.bonus_id),
    state: r.state,
    bonusStatus: r.bonus_status,
    bonusMaxCashout: r.bonus_max_cashout === null ? null : Number(r.bonus_max_cashout),
    bonusCashedOut: Number(r.bonus_cashed_out ?? 0),
  };
}

/**
 * Where the parts of money returned for a bet (a win or a refunded stake) go. Bonus
 * money reaching real after its bonus converted counts against the bonus's maximum
 * cash-out (`writes` records it); above that the house keeps it.
 */
function returnedMoney(l: Locked, bet: KnownBet, realPart: number, bonusPart: number): { toReal: number; toBonus: number; writes: SQL[] } {
  const goes = bonusPart > 0 ? bonusMoneyGoesTo(bet.bonusId, l.bonus.bonusId, bet.bonusStatus) : 'bonus';
  if (goes !== 'real') return { toReal: realPart, toBonus: goes === 'bonus' ? bonusPart : 0, writes: [] };
  const { toReal: cashed } = cashOut(bonusPart, bet.bonusMaxCashout, bet.bonusCashedOut);
  const writes = cashed > 0 ? [sql`update wallet_bonuses set cashed_out = cashed_out + ${cashed} where id = ${bet.bonusId}`] : [];
  return { toReal: realPart + cashed, toBonus: 0, writes };
}

/**
 * Whether another player already received this promotion's bonus under one of the
 * person's marks. Each mark is locked first (in sorted order, so two grants never wait
 * on each other in a circle): two accounts of one person activated at the same moment
 * queue here, and the second sees the first's claim.
 */
async function claimedByAnother(tx: Conn, promotionId: number, playerId: number, marks: string[]): Promise<boolean> {
  const keys = marks.map((mark) => sql`(${`bonus-claim:${promotionId}:${mark}`})`);
  await tx.query(sql`select count(pg_advisory_xact_lock(hashtext(k))) from (values ${sql.join(keys, sql`, `)}) as m(k)`);
  const list = sql.join(
    marks.map((mark) => sql`${mark}`),
    sql`, `,
  );
  const found = await tx.query<{ player_id: number }>(
    sql`select player_id from bonus_claims where promotion_id = ${promotionId} and mark in (${list}) and player_id <> ${playerId} limit 1`,
  );
  return found.length > 0;
}

/** The wallet on a database; balance pushes go through `pushes` after each commit; bonus deadlines follow `clock`. */
type GrantTerms = Exclude<ReturnType<typeof bonusFromPromotion>, { refuse: RefusalCode }>;
type FoundPromotion = Exclude<Awaited<ReturnType<typeof findPromotionIn>>, 'missing' | 'elsewhere'>;

/**
 * The postings of a bonus grant under operation `operationId` (the grant itself, or a
 * child of the deposit it comes with), inside the transaction that holds the player's
 * and the house's locks: one bonus at a time, once per person by the marks given.
 */
async function grantDecision(
  l: Locked,
  operationId: number,
  playerId: number,
  promotion: FoundPromotion,
  terms: GrantTerms,
  marks: readonly string[],
  recorded: readonly string[],
): Promise<Decision> {
  const { bonus, house } = l;
  // A free bet is no bonus money, so it may come while a bonus is active.
  if (bonus.bonusId !== null && promotion.bonusKind !== 'free_bet') return { refuse: 'bonus_already_active' };
  if (marks.length > 0 && (await claimedByAnother(l.tx, promotion.id, playerId, [...marks]))) return { refuse: 'bonus_once_per_person' };
  const claims: SQL[] = [];
  if (recorded.length > 0) {
    const rows = recorded.map((mark) => sql`(${promotion.id}::int, ${mark}, ${playerId}::int, ${operationId}::bigint)`);
    // A mark already held (a quiet one, or by this same person's earlier claim) stays with its first holder.
    claims.push(sql`insert into bonus_claims (promotion_id, mark, player_id, bonus_id) values ${sql.join(rows, sql`, `)}
            on conflict (promotion_id, mark) do nothing`);
  }
  if (promotion.bonusKind === 'free_bet') {
    // The free bet moves no money until a bet it stakes is settled; its deadline is the promotion's validity.
    return {
      entries: [],
      writes: [
        sql`insert into sport_free_bets (id, player_id, promotion_id, amount, currency, min_odds, expires_at)
            values (${operationId}, ${playerId}, ${promotion.id}, ${terms.amount}, ${l.currency}, ${Math.round(FREE_BET_MIN_ODDS * 100)},
                    ${terms.expiresAt?.toISOString() ?? null}::timestamptz)`,
        ...claims,
      ],
    };
  }
  const granted = post(operationId, [house.id, -terms.amount], [bonus.id, terms.amount]);
  const immediate = terms.wageringRequired === 0;
  const bonusTerms: BonusTerms = { maxCashout: terms.maxCashout, cashedOut: 0, expiresAt: terms.expiresAt };
  // Nothing to wager: the bonus is real money at once (up to its maximum cash-out).
  const closing = immediate
    ? await closeBonus(l, await l.child('bonus_convert', fingerprint(operationId)), 'convert', bonus.balance + terms.amount, {
        bonusId: operationId,
        terms: bonusTerms,
        bonusRowWritten: false,
      })
    : undefined;
  const writes = [
    sql`insert into wallet_bonuses (id, player_id, promotion_id, amount, wagering_required, status, max_cashout, cashed_out, expires_at, closed_at)
        values (${operationId}, ${playerId}, ${promotion.id}, ${terms.amount}, ${terms.wageringRequired},
        ${immediate ? 'converted' : 'active'}, ${terms.maxCashout}, ${closing?.converted ?? 0},
        ${terms.expiresAt?.toISOString() ?? null}::timestamptz, ${immediate ? sql`now()` : null})`,
    sql`insert into financial_transactions (id, player_id, type, amount, provider, status, is_bonus)
        values (${operationId}, ${playerId}, ${BONUS_TYPES.grant}, ${terms.amount}, ${promotion.promoCode}, 'complete', true)`,
    ...claims,
  ];
  if (!closing) return { entries: granted, writes, wagering: { bonusId: operationId, required: terms.wageringRequired, wagered: 0 } };
  return { entries: [...granted, ...closing.entries], writes: [...writes, ...closing.writes], wagering: closing.wagering };
}

/**
 * Why a promotion's terms give this deposit no bonus, beyond its amounts (bonusFromPromotion):
 * a sign-up bonus is not a deposit bonus, a first-deposit offer wants the player's first
 * deposit, a weekly one is once per calendar week (UTC, from Monday), and offers of one group
 * (the welcome offers) exclude each other. Read under the player's locks, so two deposits at
 * once cannot both be the first.
 */
async function depositBonusRefusal(l: Locked, promotion: FoundPromotion, playerId: number, now: number): Promise<RefusalCode | undefined> {
  if (promotion.depositRule === 'none') return 'promotion_not_for_deposit';
  if (promotion.depositRule === 'first') {
    const earlier = await l.tx.query<{ id: number }>(
      sql`select id from wallet_operations where player_id = ${playerId} and kind = 'deposit' and outcome = 'accepted' and id <> ${l.operationId} limit 1`,
    );
    if (earlier.length > 0) return 'bonus_first_deposit_only';
  }
  if (promotion.depositRule === 'weekly') {
    const thisWeek = await l.tx.query<{ id: number }>(
      sql`select id from wallet_bonuses where player_id = ${playerId} and promotion_id = ${promotion.id}
          and created_at >= date_trunc('week', ${new Date(now).toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC' limit 1`,
    );
    if (thisWeek.length > 0) return 'bonus_once_per_week';
  }
  if (promotion.offerGroup) {
    const taken = await l.tx.query<{ id: number }>(
      sql`select b.id from wallet_bonuses b join promotions m on m.id = b.promotion_id
          where b.player_id = ${playerId} and m.offer_group = ${promotion.offerGroup} limit 1`,
    );
    if (taken.length > 0) return 'bonus_offer_taken';
  }
  return undefined;
}

export function createWallet(db: Db, pushes: Pushes, clock: Clock = systemClock): Wallet {
  const ledger: Ledger = { db, pushes };

  // A refusal found before the operation could take its key (unknown withdrawal or
  // promotion) is not recorded, but a key already used still answers with its reply.
  async function refuseUnlessRecorded(
    kind: OperationKind,
    key: string,
    print: string,
    playerId: number | undefined,
    code: RefusalCode,
  ): Promise<WalletOutcome> {
    const [op] = await read<{ fingerprint: string; reply: WalletReply; currency: string }>(
      db,
      sql`select fingerprint, reply, currency from wallet_operations where kind = ${kind} and op_key = ${key} and outcome in ('accepted', 'refused')`,
    );
    if (op && op.fingerprint === print) return { ...withCurrency(op.reply, op.currency), replayed: true };
    if (op) return { ok: false, code: 'conflict', replayed: false };
    if (playerId !== undefined && !(await playerAccountIds(db, playerId))) return { ok: false, code: 'unknown_player', replayed: false };
    return { ok: false, code, replayed: false };
  }

  async function settleWithdrawal(kind: 'withdrawal_complete' | 'withdrawal_cancel', input: WithdrawalSettleInput): Promise<WalletOutcome> {
    assertKey(input.key);
    const print = fingerprint(input.transactionId);
    const [found] = await read<{ player_id: number }>(
      db,
      sql`select player_id from financial_transactions where id = ${input.transactionId} and type = 'withdrawal'`,
    );
    const owner = found ? Number(found.player_id) : undefined;
    if (owner === undefined) return refuseUnlessRecorded(kind, input.key, print, undefined, 'transaction_not_found');
    // Someone else's withdrawal is answered as a missing one, before any stored reply could be read.
    if (input.playerId !== undefined && owner !== input.playerId) return { ok: false, code: 'transaction_not_found', replayed: false };
    return runOperation(ledger, {
      kind,
      key: input.key,
      playerId: owner,
      fingerprint: print,
      system: kind === 'withdrawal_complete' ? ['clearing'] : [],
      decide: async (l) => {
        const [w] = await l.tx.query<{ status: string; amount: number | string }>(
          sql`select status, amount from financial_transactions where id = ${input.transactionId}`,
        );
        if (w?.status !== 'pending') return { refuse: 'withdrawal_not_pending' };
        const amount = Number(w.amount);
        const to = kind === 'withdrawal_complete' ? l.clearing.id : l.real.id;
        return {
          entries: post(l.operationId, [l.locked.id, -amount], [to, amount]),
          writes: [
            sql`update financial_transactions set status = ${kind === 'withdrawal_complete' ? 'complete' : 'cancelled'}, updated_at = now() where id = ${input.transactionId}`,
          ],
        };
      },
    });
  }

  return {
    bet: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a stake');
      const provider = input.provider ?? '';
      return runOperation(ledger, {
        kind: 'bet',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.amount, provider, input.gameId, input.gameName, input.roundId, ...(input.freeBet ? ['free'] : [])),
        system: ['house'],
        currency: input.currency,
        decide: async (l): Promise<Decision> => {
          const { real, bonus, house, operationId } = l;
          const also = typeof input.also === 'function' ? input.also(operationId) : (input.also ?? []);
          // Last of the checks: a claim is an update, and a refusal after it would keep it.
          const claimRefused = async () => input.claim !== undefined && (await l.tx.query(input.claim(operationId))).length === 0;
          if (input.freeBet) {
            const barred = await guardMove(l.tx, input.playerId, { kind: 'bet', amount: 0 }, clock.now());
            if (barred) return decisionOf(barred);
            if (await claimRefused()) return { refuse: 'claim_refused' };
            return {
              entries: [],
              writes: [
                sql`insert into player_bets (id, bet_key, player_id, provider, game_id, game_name, round_id, stake, stake_real, stake_bonus, bonus_id)
                    values (${operationId}, ${input.key}, ${input.playerId}, ${provider}, ${input.gameId}, ${input.gameName}, ${input.roundId}, 0, 0, 0, null)`,
                ...also,
              ],
            };
          }
          const barred = await guardMove(l.tx, input.playerId, { kind: 'bet', amount: input.amount }, clock.now());
          if (barred) return decisionOf(barred);
          if (input.amount > real.balance + bonus.balance) return { refuse: 'insufficient_funds' };
          if (await claimRefused()) return { refuse: 'claim_refused' };
          const { fromReal, fromBonus } = fundStake(input.amount, real.balance);
          const entries = post(operationId, [real.id, -fromReal], [bonus.id, -fromBonus], [house.id, input.amount]);
          const writes = [
            sql`insert into player_bets (id, bet_key, player_id, provider, game_id, game_name, round_id, stake, stake_real, stake_bonus, bonus_id)
                values (${operationId}, ${input.key}, ${input.playerId}, ${provider}, ${input.gameId}, ${input.gameName}, ${input.roundId},
                        ${input.amount}, ${fromReal}, ${fromBonus}, ${bonus.bonusId})`,
            ...also,
          ];
          if (bonus.bonusId === null) return { entries, writes };
          const wagered = bonus.wagered + input.amount;
          if (wagered < bonus.wageringRequired) return { entries, writes, wagering: { bonusId: bonus.bonusId, required: bonus.wageringRequired, wagered } };
          // This bet meets the requirement: what is left of the bonus becomes real money, in the same
          // transaction, up to the bonus's maximum cash-out; met after the deadline, it is forfeited instead.
          const terms = await readBonusTerms(l.tx, bonus.bonusId);
          const late = terms.expiresAt !== null && terms.expiresAt.getTime() <= clock.now();
          const closingId = await l.child(late ? 'bonus_forfeit' : 'bonus_convert', fingerprint(bonus.bonusId, ...(late ? ['expired'] : [])));
          const closing = await closeBonus(l, closingId, late ? 'forfeit' : 'convert', bonus.balance - fromBonus, { terms });
          return { entries: [...entries, ...closing.entries], writes: [...writes, ...closing.writes], wagering: closing.wagering };
        },
      });
    },

    win: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a win', true);
      return runOperation(ledger, {
        kind: 'win',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.betKey, input.amount),
        system: ['house'],
        currency: input.currency,
        decide: async (l): Promise<Decision> => {
          const bet = await readBet(l.tx, input.betKey);
          if (!bet || bet.playerId !== input.playerId || bet.outcome === 'refused') return { refuse: 'unknown_bet' };
          if (bet.outcome === 'tombstone' || bet.state === 'rolled_back') return { refuse: 'bet_rolled_back' };
          const bonusShare = bonusShareOfWin(input.amount, bet.stake, bet.stakeBonus);
          const { toReal, toBonus, writes } = returnedMoney(l, bet, input.amount - bonusShare, bonusShare);
          return {
            entries: post(l.operationId, [l.house.id, -(toReal + toBonus)], [l.real.id, toReal], [l.bonus.id, toBonus]),
            writes: [sql`update player_bets set win = win + ${toReal + toBonus}, state = 'settled', updated_at = now() where id = ${bet.id}`, ...writes],
          };
        },
      });
    },

    jackpotWin: (input) => {
      assertKey(input.key);
      return runOperation(ledger, {
        kind: 'win',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.betKey, 'jackpot', input.poolId),
        system: ['house'],
        decide: async (l): Promise<Decision> => {
          const bet = await readBet(l.tx, input.betKey);
          if (!bet || bet.playerId !== input.playerId || bet.outcome === 'refused') return { refuse: 'unknown_bet' };
          if (bet.outcome === 'tombstone' || bet.state === 'rolled_back') return { refuse: 'bet_rolled_back' };
          // Locked after the accounts, as every stake that feeds the pool does (its contribution
          // is a write of the bet), so the two never wait on each other in a circle.
          const [pool] = await l.tx.query<{ amount: number | string; currency: string }>(
            sql`select amount, currency from jackpot_pools where id = ${input.poolId} for update`,
          );
          if (!pool || pool.currency !== l.currency) return { refuse: 'jackpot_not_found' };
          const amount = Number(pool.amount);
          const bonusShare = bonusShareOfWin(amount, bet.stake, bet.stakeBonus);
          const { toReal, toBonus, writes } = returnedMoney(l, bet, amount - bonusShare, bonusShare);
          return {
            entries: post(l.operationId, [l.house.id, -(toReal + toBonus)], [l.real.id, toReal], [l.bonus.id, toBonus]),
            writes: [
              sql`update player_bets set win = win + ${toReal + toBonus}, updated_at = now() where id = ${bet.id}`,
              sql`update jackpot_pools set amount = seed, wins = wins + 1, updated_at = now() where id = ${input.poolId}`,
              sql`insert into jackpot_wins (pool_id, player_id, operation_id, bet_key, amount)
                  values (${input.poolId}, ${input.playerId}, ${l.operationId}, ${input.betKey}, ${amount})`,
              ...writes,
              ...(input.with?.(amount) ?? []),
            ],
          };
        },
      });
    },

    winReversal: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a reversal');
      return runOperation(ledger, {
        kind: 'win_reversal',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.betKey, input.amount),
        system: ['house'],
        decide: async (l): Promise<Decision> => {
          const bet = await readBet(l.tx, input.betKey);
          if (!bet || bet.playerId !== input.playerId || bet.outcome !== 'accepted') return { refuse: 'unknown_bet' };
          const fromReal = Math.min(input.amount, l.real.balance);
          const fromBonus = Math.min(input.amount - fromReal, l.bonus.balance);
          return {
            entries: post(l.operationId, [l.real.id, -fromReal], [l.bonus.id, -fromBonus], [l.house.id, fromReal + fromBonus]),
            writes: [sql`update player_bets set win = greatest(0, win - ${fromReal + fromBonus}), updated_at = now() where id = ${bet.id}`],
          };
        },
      });
    },

    rollback: (input) => {
      assertKey(input.key);
      return runOperation(ledger, {
        kind: 'rollback',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.betKey),
        system: ['house'],
        currency: input.currency,
        decide: async (l): Promise<Decision> => {
          const bet = await readBet(l.tx, input.betKey);
          if (!bet) {
            // The rollback overtook its bet: take the bet's id so the bet is refused when it comes.
            const tombstone: WalletReply = { ok: false, code: 'bet_rolled_back' };
            return {
              entries: [],
              writes: [
                sql`insert into wallet_operations (kind, op_key, player_id, currency, fingerprint, outcome, reply)
                    values ('bet', ${input.betKey}, ${input.playerId}, ${l.currency}, 'tombstone', 'tombstone', ${JSON.stringify(tombstone)}::jsonb)
                    on conflict (kind, op_key) do nothing`,
              ],
            };
          }
          if (bet.playerId !== input.playerId) return { refuse: 'unknown_bet' };
          // Nothing was taken, or it was already given back: nothing to do.
          if (bet.outcome !== 'accepted' || bet.state === 'rolled_back') return { entries: [] };
          if (bet.state === 'settled') return { refuse: 'round_settled' };
          const { toReal, toBonus, writes } = returnedMoney(l, bet, bet.stakeReal, bet.stakeBonus);
          const { bonus } = l;
          const countedForActiveBonus = bet.bonusId !== null && bet.bonusId === bonus.bonusId;
          return {
            entries: post(l.operationId, [l.house.id, -(toReal + toBonus)], [l.real.id, toReal], [bonus.id, toBonus]),
            writes: [sql`update player_bets set state = 'rolled_back', updated_at = now() where id = ${bet.id}`, ...writes],
            ...(countedForActiveBonus
              ? { wagering: { bonusId: bonus.bonusId, required: bonus.wageringRequired, wagered: Math.max(0, bonus.wagered - bet.stake) } }
              : {}),
          };
        },
      });
    },

    deposit: async (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a deposit');
      const offer = input.bonus;
      // The promotion's terms in the player's currency are read before the locks, as bonusGrant does.
      const ids = offer ? await playerAccountIds(db, input.playerId) : undefined;
      const found = offer && ids ? await findPromotionIn(db, offer.promotionId, ids.currency) : undefined;
      return runOperation(ledger, {
        kind: 'deposit',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(
          input.playerId,
          input.amount,
          input.provider,
          input.invoiceId ?? null,
          ...named(input.currency),
          ...(offer ? [offer.promotionId] : []),
        ),
        system: offer ? ['clearing', 'house'] : ['clearing'],
        currency: input.currency,
        decide: async (l): Promise<Decision> => {
          const barred = await guardMove(l.tx, input.playerId, { kind: 'deposit', amount: input.amount }, clock.now());
          if (barred) return decisionOf(barred);
          if (input.admit && (await l.tx.query(input.admit.query)).length === 0) return { refuse: input.admit.refuse };
          const credit: Decision & { entries: Entry[] } = {
            entries: post(l.operationId, [l.clearing.id, -input.amount], [l.real.id, input.amount]),
            writes: [
              sql`insert into financial_transactions (id, player_id, type, amount, provider, status, invoice_id)
                  values (${l.operationId}, ${input.playerId}, 'deposit', ${input.amount}, ${input.provider}, 'complete', ${input.invoiceId ?? null})`,
              ...(input.with?.(l.operationId) ?? []),
            ],
          };
          if (!offer) return credit;
          const refused = (code: RefusalCode) => {
            offer.onBonus?.({ refused: code });
            return credit;
          };
          if (found === undefined || found === 'missing') return refused('promotion_not_found');
          if (found === 'elsewhere') return refused('promotion_not_in_currency');
          const why = await depositBonusRefusal(l, found, input.playerId, clock.now());
          if (why) return refused(why);
          const terms = bonusFromPromotion(found, input.amount, new Date(clock.now()));
          if ('refuse' in terms) return refused(terms.refuse);
          const marks = [...new Set(offer.personMarks ?? [])].sort();
          const recorded = [...new Set([...marks, ...(offer.quietMarks ?? [])])].sort();
          const grantId = await l.child('bonus_grant', fingerprint(l.operationId, found.id));
          const grant = await grantDecision(l, grantId, input.playerId, found, terms, marks, recorded);
          if ('refuse' in grant) return refused(grant.refuse);
          offer.onBonus?.({ granted: grantId });
          return {
            entries: [...credit.entries, ...grant.entries],
            writes: [...(credit.writes ?? []), ...(grant.writes ?? [])],
            ...(grant.wagering ? { wagering: grant.wagering } : {}),
          };
        },
      });
    },

    withdrawalRequest: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a withdrawal');
      return runOperation(ledger, {
        kind: 'withdrawal_request',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.amount, input.provider, Boolean(input.forfeitBonus), ...named(input.currency)),
        system: ['house'],
        currency: input.currency,
        decide: async (l): Promise<Decision> => {
          const { real, locked, bonus, operationId } = l;
          // An active bonus is always unwagered: the bet that meets the requirement converts it.
          if (bonus.bonusId !== null && !input.forfeitBonus) return { refuse: 'not_meet_wager_requirement' };
          if (input.amount > real.balance) return { refuse: 'insufficient_funds' };
          const entries = post(operationId, [real.id, -input.amount], [locked.id, input.amount]);
          const writes = [
            sql`insert into financial_transactions (id, player_id, type, amount, provider, status)
                values (${operationId}, ${input.playerId}, 'withdrawal', ${input.amount}, ${input.provider}, 'pending')`,
            ...(input.with?.(operationId) ?? []),
          ];
          if (bonus.bonusId === null) return { entries, writes };
          const forfeitId = await l.child('bonus_forfeit', fingerprint(bonus.bonusId));
          const closing = await closeBonus(l, forfeitId, 'forfeit', bonus.balance);
          return { entries: [...entries, ...closing.entries], writes: [...writes, ...closing.writes], wagering: closing.wagering };
        },
      });
    },

    refund: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a refund');
      return runOperation(ledger, {
        kind: 'refund',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.amount, input.provider, ...named(input.currency)),
        system: ['clearing'],
        currency: input.currency,
        decide: (l): Decision => {
          // Only real money goes back: what the deposit brought may since have been played.
          if (input.amount > l.real.balance) return { refuse: 'insufficient_funds' };
          return {
            entries: post(l.operationId, [l.real.id, -input.amount], [l.clearing.id, input.amount]),
            writes: [
              sql`insert into financial_transactions (id, player_id, type, amount, provider, status)
                  values (${l.operationId}, ${input.playerId}, 'withdrawal', ${input.amount}, ${input.provider}, 'complete')`,
              ...(input.with?.(l.operationId) ?? []),
            ],
          };
        },
      });
    },

    withdrawalComplete: (input) => settleWithdrawal('withdrawal_complete', input),
    withdrawalCancel: (input) => settleWithdrawal('withdrawal_cancel', input),

    bonusGrant: async (input) => {
      assertKey(input.key);
      if (input.depositAmount !== undefined) assertCents(input.depositAmount, 'a deposit');
      const print = fingerprint(input.playerId, input.promotionId, input.depositAmount ?? null);
      // The amounts are those of the player's currency (TENFREE is 10.00 in euros and 10.00 in rupees).
      const ids = await playerAccountIds(db, input.playerId);
      if (!ids) return refuseUnlessRecorded('bonus_grant', input.key, print, input.playerId, 'unknown_player');
      const promotion = await findPromotionIn(db, input.promotionId, ids.currency);
      if (promotion === 'missing') return refuseUnlessRecorded('bonus_grant', input.key, print, input.playerId, 'promotion_not_found');
      if (promotion === 'elsewhere') return refuseUnlessRecorded('bonus_grant', input.key, print, input.playerId, 'promotion_not_in_currency');
      const terms = bonusFromPromotion(promotion, input.depositAmount, new Date(clock.now()));
      if ('refuse' in terms) return refuseUnlessRecorded('bonus_grant', input.key, print, input.playerId, terms.refuse);
      const marks = [...new Set(input.personMarks ?? [])].sort();
      const recorded = [...new Set([...marks, ...(input.quietMarks ?? [])])].sort();
      return runOperation(ledger, {
        kind: 'bonus_grant',
        key: input.key,
        playerId: input.playerId,
        fingerprint: print,
        system: ['house'],
        decide: (l) => grantDecision(l, l.operationId, input.playerId, promotion, terms, marks, recorded),
      });
    },

    bonusConvert: (input) => {
      assertKey(input.key);
      return runOperation(ledger, {
        kind: 'bonus_convert',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId),
        // The house takes what lies above a maximum cash-out.
        system: ['house'],
        decide: async (l): Promise<Decision> => {
          if (l.bonus.bonusId === null) return { refuse: 'no_active_bonus' };
          if (l.bonus.wagered < l.bonus.wageringRequired) return { refuse: 'wagering_not_met' };
          const terms = await readBonusTerms(l.tx, l.bonus.bonusId);
          if (terms.expiresAt !== null && terms.expiresAt.getTime() <= clock.now()) return { refuse: 'bonus_expired' };
          return closeBonus(l, l.operationId, 'convert', l.bonus.balance, { terms });
        },
      });
    },

    bonusForfeit: (input) => {
      assertKey(input.key);
      return runOperation(ledger, {
        kind: 'bonus_forfeit',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId),
        system: ['house'],
        decide: (l) => {
          if (l.bonus.bonusId === null) return { refuse: 'no_active_bonus' };
          return closeBonus(l, l.operationId, 'forfeit', l.bonus.balance);
        },
      });
    },

    bonusExpire: async (input) => {
      const key = `bonus-expiry:${input.bonusId}`;
      const print = fingerprint(input.playerId, input.bonusId);
      // A deadline never changes once granted, so it may be checked before the locks are taken.
      const [row] = await read<{ expires_at: Date | string | null }>(
        db,
        sql`select expires_at from wallet_bonuses where id = ${input.bonusId} and player_id = ${input.playerId}`,
      );
      const expiresAt = row?.expires_at ? new Date(row.expires_at).getTime() : undefined;
      if (expiresAt === undefined || expiresAt > clock.now()) return refuseUnlessRecorded('bonus_forfeit', key, print, input.playerId, 'bonus_not_expired');
      return runOperation(ledger, {
        kind: 'bonus_forfeit',
        key,
        playerId: input.playerId,
        fingerprint: print,
        system: ['house'],
        decide: (l) => {
          // Converted or given up in the meantime: nothing left to expire.
          if (l.bonus.bonusId !== input.bonusId) return { refuse: 'no_active_bonus' };
          return closeBonus(l, l.operationId, 'forfeit', l.bonus.balance);
        },
      });
    },

    expiredBonuses: async (limit) => {
      const found = await read<{ id: number | string; player_id: number }>(
        db,
        sql`select id, player_id from wallet_bonuses
            where status = 'active' and expires_at <= ${new Date(clock.now()).toISOString()}::timestamptz
            order by expires_at, id limit ${limit}`,
      );
      return found.map((r) => ({ bonusId: Number(r.id), playerId: Number(r.player_id) }));
    },
  };
}
