// The wallet's operations. Each one states what it locks, decides under the locks
// (refuse, or which entries to post), and lets the ledger engine write and commit.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Pushes } from '../context.ts';
import type { Db } from '../db/client.ts';
import { promotions } from '../db/schema/content.ts';
import type { OperationKind } from '../db/schema/wallet.ts';
import { playerAccountIds } from './accounts.ts';
import { BONUS_TYPES, bonusFromPromotion, bonusMoneyGoesTo, bonusShareOfWin, fundStake } from './bonus.ts';
import { type Conn, read } from './connection.ts';
import { type Decision, type Entry, type Ledger, type Locked, runOperation } from './ledger.ts';
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
}

export interface WinInput {
  key: string;
  playerId: number;
  /** The id of the bet this win pays. */
  betKey: string;
  /** Cents, ≥ 0: a zero win settles a lost round. */
  amount: number;
}

export interface RollbackInput {
  key: string;
  playerId: number;
  betKey: string;
}

export interface DepositInput {
  key: string;
  playerId: number;
  amount: number;
  provider: string;
  invoiceId?: string;
}

export interface WithdrawalRequestInput {
  key: string;
  playerId: number;
  amount: number;
  provider: string;
  /** The player chose to give up an unwagered bonus to withdraw now. */
  forfeitBonus?: boolean;
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
  /** Grants a promotion's bonus, with its wagering requirement. */
  bonusGrant(input: BonusGrantInput): Promise<WalletOutcome>;
  /** Converts the active bonus to real once its wagering is met (bets do this by themselves). */
  bonusConvert(input: BonusInput): Promise<WalletOutcome>;
  /** Gives up the active bonus: its balance goes back to the house. */
  bonusForfeit(input: BonusInput): Promise<WalletOutcome>;
}

const fingerprint = (...parts: unknown[]) => JSON.stringify(parts);

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
}

/** Ends the active bonus: its remaining balance goes to real (convert) or to the house (forfeit), posted under `operationId`. */
function closeBonus(l: Locked, operationId: number, how: 'convert' | 'forfeit', remaining: number, bonusRowWritten = true): BonusClosing {
  const to = how === 'convert' ? l.real.id : l.house.id;
  const writes: SQL[] = [];
  if (bonusRowWritten) {
    writes.push(sql`update wallet_bonuses set status = ${how === 'convert' ? 'converted' : 'forfeited'}, closed_at = now() where id = ${l.bonus.bonusId}`);
  }
  if (remaining > 0) {
    writes.push(sql`insert into financial_transactions (id, player_id, type, amount, status, is_bonus)
                    values (${operationId}, ${l.playerId}, ${BONUS_TYPES[how]}, ${remaining}, 'complete', true)`);
  }
  return { entries: post(operationId, [l.bonus.id, -remaining], [to, remaining]), writes, wagering: { bonusId: null, required: 0, wagered: 0 } };
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
}

// Read after the player's accounts are locked: every change to this player's bets
// happens under the same locks, so what is read here cannot change before commit.
async function readBet(tx: Conn, betKey: string): Promise<KnownBet | undefined> {
  const [r] = await tx.query<BetRow>(
    sql`select o.id as op_id, o.outcome, o.player_id, b.id, b.stake, b.stake_real, b.stake_bonus, b.bonus_id, b.state, g.status as bonus_status
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
  };
}

/** Where the parts of money returned for a bet (a win or a refunded stake) go. */
function returnedMoney(l: Locked, bet: KnownBet, realPart: number, bonusPart: number): { toReal: number; toBonus: number } {
  const goes = bonusPart > 0 ? bonusMoneyGoesTo(bet.bonusId, l.bonus.bonusId, bet.bonusStatus) : 'bonus';
  return { toReal: realPart + (goes === 'real' ? bonusPart : 0), toBonus: goes === 'bonus' ? bonusPart : 0 };
}

/** The wallet on a database; balance pushes go through `pushes` after each commit. */
export function createWallet(db: Db, pushes: Pushes): Wallet {
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
    const [op] = await read<{ fingerprint: string; reply: WalletReply }>(
      db,
      sql`select fingerprint, reply from wallet_operations where kind = ${kind} and op_key = ${key} and outcome in ('accepted', 'refused')`,
    );
    if (op && op.fingerprint === print) return { ...op.reply, replayed: true };
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
        fingerprint: fingerprint(input.playerId, input.amount, provider, input.gameId, input.gameName, input.roundId),
        system: ['house'],
        decide: async (l): Promise<Decision> => {
          const { real, bonus, house, operationId } = l;
          if (input.amount > real.balance + bonus.balance) return { refuse: 'insufficient_funds' };
          const { fromReal, fromBonus } = fundStake(input.amount, real.balance);
          const entries = post(operationId, [real.id, -fromReal], [bonus.id, -fromBonus], [house.id, input.amount]);
          const writes = [
            sql`insert into player_bets (id, bet_key, player_id, provider, game_id, game_name, round_id, stake, stake_real, stake_bonus, bonus_id)
                values (${operationId}, ${input.key}, ${input.playerId}, ${provider}, ${input.gameId}, ${input.gameName}, ${input.roundId},
                        ${input.amount}, ${fromReal}, ${fromBonus}, ${bonus.bonusId})`,
          ];
          if (bonus.bonusId === null) return { entries, writes };
          const wagered = bonus.wagered + input.amount;
          if (wagered < bonus.wageringRequired) return { entries, writes, wagering: { bonusId: bonus.bonusId, required: bonus.wageringRequired, wagered } };
          // This bet meets the requirement: what is left of the bonus becomes real money, in the same transaction.
          const conversionId = await l.child('bonus_convert', fingerprint(bonus.bonusId));
          const closing = closeBonus(l, conversionId, 'convert', bonus.balance - fromBonus);
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
        decide: async (l): Promise<Decision> => {
          const bet = await readBet(l.tx, input.betKey);
          if (!bet || bet.playerId !== input.playerId || bet.outcome === 'refused') return { refuse: 'unknown_bet' };
          if (bet.outcome === 'tombstone' || bet.state === 'rolled_back') return { refuse: 'bet_rolled_back' };
          const bonusShare = bonusShareOfWin(input.amount, bet.stake, bet.stakeBonus);
          const { toReal, toBonus } = returnedMoney(l, bet, input.amount - bonusShare, bonusShare);
          return {
            entries: post(l.operationId, [l.house.id, -(toReal + toBonus)], [l.real.id, toReal], [l.bonus.id, toBonus]),
            writes: [sql`update player_bets set win = win + ${toReal + toBonus}, state = 'settled', updated_at = now() where id = ${bet.id}`],
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
        decide: async (l): Promise<Decision> => {
          const bet = await readBet(l.tx, input.betKey);
          if (!bet) {
            // The rollback overtook its bet: take the bet's id so the bet is refused when it comes.
            const tombstone: WalletReply = { ok: false, code: 'bet_rolled_back' };
            return {
              entries: [],
              writes: [
                sql`insert into wallet_operations (kind, op_key, player_id, fingerprint, outcome, reply)
                    values ('bet', ${input.betKey}, ${input.playerId}, 'tombstone', 'tombstone', ${JSON.stringify(tombstone)}::jsonb)
                    on conflict (kind, op_key) do nothing`,
              ],
            };
          }
          if (bet.playerId !== input.playerId) return { refuse: 'unknown_bet' };
          // Nothing was taken, or it was already given back: nothing to do.
          if (bet.outcome !== 'accepted' || bet.state === 'rolled_back') return { entries: [] };
          if (bet.state === 'settled') return { refuse: 'round_settled' };
          const { toReal, toBonus } = returnedMoney(l, bet, bet.stakeReal, bet.stakeBonus);
          const { bonus } = l;
          const countedForActiveBonus = bet.bonusId !== null && bet.bonusId === bonus.bonusId;
          return {
            entries: post(l.operationId, [l.house.id, -(toReal + toBonus)], [l.real.id, toReal], [bonus.id, toBonus]),
            writes: [sql`update player_bets set state = 'rolled_back', updated_at = now() where id = ${bet.id}`],
            ...(countedForActiveBonus
              ? { wagering: { bonusId: bonus.bonusId, required: bonus.wageringRequired, wagered: Math.max(0, bonus.wagered - bet.stake) } }
              : {}),
          };
        },
      });
    },

    deposit: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a deposit');
      return runOperation(ledger, {
        kind: 'deposit',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.amount, input.provider, input.invoiceId ?? null),
        system: ['clearing'],
        decide: (l) => ({
          entries: post(l.operationId, [l.clearing.id, -input.amount], [l.real.id, input.amount]),
          writes: [
            sql`insert into financial_transactions (id, player_id, type, amount, provider, status, invoice_id)
                values (${l.operationId}, ${input.playerId}, 'deposit', ${input.amount}, ${input.provider}, 'complete', ${input.invoiceId ?? null})`,
          ],
        }),
      });
    },

    withdrawalRequest: (input) => {
      assertKey(input.key);
      assertCents(input.amount, 'a withdrawal');
      return runOperation(ledger, {
        kind: 'withdrawal_request',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId, input.amount, input.provider, Boolean(input.forfeitBonus)),
        system: ['house'],
        decide: async (l): Promise<Decision> => {
          const { real, locked, bonus, operationId } = l;
          // An active bonus is always unwagered: the bet that meets the requirement converts it.
          if (bonus.bonusId !== null && !input.forfeitBonus) return { refuse: 'not_meet_wager_requirement' };
          if (input.amount > real.balance) return { refuse: 'insufficient_funds' };
          const entries = post(operationId, [real.id, -input.amount], [locked.id, input.amount]);
          const writes = [
            sql`insert into financial_transactions (id, player_id, type, amount, provider, status)
                values (${operationId}, ${input.playerId}, 'withdrawal', ${input.amount}, ${input.provider}, 'pending')`,
          ];
          if (bonus.bonusId === null) return { entries, writes };
          const forfeitId = await l.child('bonus_forfeit', fingerprint(bonus.bonusId));
          const closing = closeBonus(l, forfeitId, 'forfeit', bonus.balance);
          return { entries: [...entries, ...closing.entries], writes: [...writes, ...closing.writes], wagering: closing.wagering };
        },
      });
    },

    withdrawalComplete: (input) => settleWithdrawal('withdrawal_complete', input),
    withdrawalCancel: (input) => settleWithdrawal('withdrawal_cancel', input),

    bonusGrant: async (input) => {
      assertKey(input.key);
      if (input.depositAmount !== undefined) assertCents(input.depositAmount, 'a deposit');
      const print = fingerprint(input.playerId, input.promotionId, input.depositAmount ?? null);
      const [promotion] = await db.select().from(promotions).where(eq(promotions.id, input.promotionId));
      if (!promotion) return refuseUnlessRecorded('bonus_grant', input.key, print, input.playerId, 'promotion_not_found');
      const terms = bonusFromPromotion(promotion, input.depositAmount, new Date());
      if ('refuse' in terms) return refuseUnlessRecorded('bonus_grant', input.key, print, input.playerId, terms.refuse);
      return runOperation(ledger, {
        kind: 'bonus_grant',
        key: input.key,
        playerId: input.playerId,
        fingerprint: print,
        system: ['house'],
        decide: async (l): Promise<Decision> => {
          const { bonus, house, operationId } = l;
          if (bonus.bonusId !== null) return { refuse: 'bonus_already_active' };
          const granted = post(operationId, [house.id, -terms.amount], [bonus.id, terms.amount]);
          const immediate = terms.wageringRequired === 0;
          const writes = [
            sql`insert into wallet_bonuses (id, player_id, promotion_id, amount, wagering_required, status, closed_at)
                values (${operationId}, ${input.playerId}, ${promotion.id}, ${terms.amount}, ${terms.wageringRequired},
                        ${immediate ? 'converted' : 'active'}, ${immediate ? sql`now()` : null})`,
            sql`insert into financial_transactions (id, player_id, type, amount, provider, status, is_bonus)
                values (${operationId}, ${input.playerId}, ${BONUS_TYPES.grant}, ${terms.amount}, ${promotion.promoCode}, 'complete', true)`,
          ];
          if (!immediate) {
            return { entries: granted, writes, wagering: { bonusId: operationId, required: terms.wageringRequired, wagered: 0 } };
          }
          // Nothing to wager: the bonus is real money at once.
          const conversionId = await l.child('bonus_convert', fingerprint(operationId));
          const closing = closeBonus(l, conversionId, 'convert', bonus.balance + terms.amount, false);
          return { entries: [...granted, ...closing.entries], writes: [...writes, ...closing.writes], wagering: closing.wagering };
        },
      });
    },

    bonusConvert: (input) => {
      assertKey(input.key);
      return runOperation(ledger, {
        kind: 'bonus_convert',
        key: input.key,
        playerId: input.playerId,
        fingerprint: fingerprint(input.playerId),
        system: [],
        decide: (l): Decision => {
          if (l.bonus.bonusId === null) return { refuse: 'no_active_bonus' };
          if (l.bonus.wagered < l.bonus.wageringRequired) return { refuse: 'wagering_not_met' };
          return closeBonus(l, l.operationId, 'convert', l.bonus.balance);
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
        decide: (l): Decision => {
          if (l.bonus.bonusId === null) return { refuse: 'no_active_bonus' };
          return closeBonus(l, l.operationId, 'forfeit', l.bonus.balance);
        },
      });
    },
  };
}
