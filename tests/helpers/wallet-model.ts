// A plain in-memory wallet that follows the written rules (src/server/wallet/bonus.ts
// and the operations' comments) without a database, locks or SQL. The simulation
// feeds it the same requests as the real wallet and expects the same answers.
// Amounts are cents of each player's own currency.

export interface ModelBalance {
  currency: string;
  real: number;
  bonus: number;
  locked: number;
  wagering: { required: number; wagered: number; remaining: number };
}

export type ModelReply = { ok: true; balance: ModelBalance } | { ok: false; code: string; balance?: ModelBalance };

export interface ModelPromotion {
  kind: 'fixed' | 'percent' | 'none';
  value: number;
  maxBonus: number | null;
  minDeposit: number;
  multiplier: number;
  /** The most the bonus may become in real money, at conversion and after it; null for no limit. */
  maxCashout: number | null;
  /** The currencies it has amounts in (the same figures in each); every currency when left out. */
  currencies?: readonly string[];
}

interface Account {
  real: number;
  bonus: number;
  locked: number;
  bonusId: string | null;
  required: number;
  wagered: number;
}

interface Bet {
  playerId: number;
  outcome: 'accepted' | 'refused' | 'tombstone';
  stake: number;
  stakeReal: number;
  stakeBonus: number;
  bonusId: string | null;
  state: 'open' | 'settled' | 'rolled_back';
}

interface Withdrawal {
  playerId: number;
  amount: number;
  status: 'pending' | 'complete' | 'cancelled';
}

export type ModelRequest =
  | { kind: 'bet'; key: string; playerId: number; amount: number; gameId: string }
  | { kind: 'win'; key: string; playerId: number; betKey: string; amount: number }
  | { kind: 'rollback'; key: string; playerId: number; betKey: string }
  | { kind: 'deposit'; key: string; playerId: number; amount: number }
  | { kind: 'withdrawal_request'; key: string; playerId: number; amount: number; forfeitBonus: boolean }
  | { kind: 'withdrawal_complete'; key: string; requestKey: string }
  | { kind: 'withdrawal_cancel'; key: string; playerId: number; requestKey: string }
  | { kind: 'bonus_grant'; key: string; playerId: number; promotion: number; depositAmount: number | undefined }
  | { kind: 'bonus_forfeit'; key: string; playerId: number };

export class WalletModel {
  readonly accounts = new Map<number, Account>();
  readonly bets = new Map<string, Bet>();
  readonly withdrawals = new Map<string, Withdrawal>();
  private readonly bonusStatus = new Map<string, 'active' | 'converted' | 'forfeited'>();
  private readonly cashOut = new Map<string, { max: number | null; done: number }>();
  private readonly recorded = new Map<string, { print: string; reply: ModelReply }>();
  private readonly promotions: ModelPromotion[];
  private readonly currencyOf: (playerId: number) => string;

  constructor(promotions: ModelPromotion[], currencyOf: (playerId: number) => string = () => 'EUR') {
    this.promotions = promotions;
    this.currencyOf = currencyOf;
  }

  private account(playerId: number): Account {
    let a = this.accounts.get(playerId);
    if (!a) {
      a = { real: 0, bonus: 0, locked: 0, bonusId: null, required: 0, wagered: 0 };
      this.accounts.set(playerId, a);
    }
    return a;
  }

  balance(playerId: number): ModelBalance {
    const a = this.account(playerId);
    const required = a.bonusId === null ? 0 : a.required;
    const wagered = a.bonusId === null ? 0 : Math.min(a.wagered, required);
    return {
      currency: this.currencyOf(playerId),
      real: a.real,
      bonus: a.bonus,
      locked: a.locked,
      wagering: { required, wagered, remaining: required - wagered },
    };
  }

  /** How much of `amount` in bonus money may still become real under the bonus's cap (and counts it). */
  private cash(bonusId: string, amount: number): number {
    const c = this.cashOut.get(bonusId) ?? { max: null, done: 0 };
    const paid = c.max === null ? amount : Math.max(0, Math.min(amount, c.max - c.done));
    c.done += paid;
    this.cashOut.set(bonusId, c);
    return paid;
  }

  private closeBonus(a: Account, how: 'converted' | 'forfeited'): void {
    if (how === 'converted') a.real += this.cash(a.bonusId as string, a.bonus);
    a.bonus = 0;
    this.bonusStatus.set(a.bonusId as string, how);
    a.bonusId = null;
    a.required = 0;
    a.wagered = 0;
  }

  /** Money that was bonus money: to bonus while its bonus is active, to real after conversion, kept by the house after forfeit. */
  private returned(a: Account, bet: Bet, realPart: number, bonusPart: number): { toReal: number; toBonus: number } {
    if (bonusPart === 0) return { toReal: realPart, toBonus: 0 };
    if (bet.bonusId !== null && bet.bonusId === a.bonusId) return { toReal: realPart, toBonus: bonusPart };
    if (bet.bonusId !== null && this.bonusStatus.get(bet.bonusId) === 'converted') return { toReal: realPart + this.cash(bet.bonusId, bonusPart), toBonus: 0 };
    return { toReal: realPart, toBonus: 0 };
  }

  /** Answers a request the way the wallet must, and applies it. */
  apply(r: ModelRequest): ModelReply {
    switch (r.kind) {
      case 'withdrawal_complete':
      case 'withdrawal_cancel': {
        const w = this.withdrawals.get(r.requestKey);
        const print = JSON.stringify(w ? r.requestKey : 'missing');
        if (!w) return this.unrecordedRefusal(r.kind, r.key, print, 'transaction_not_found');
        if (r.kind === 'withdrawal_cancel' && w.playerId !== r.playerId) return { ok: false, code: 'transaction_not_found' };
        return this.record(r.kind, r.key, print, w.playerId, () => {
          if (w.status !== 'pending') return 'withdrawal_not_pending';
          const a = this.account(w.playerId);
          a.locked -= w.amount;
          if (r.kind === 'withdrawal_cancel') a.real += w.amount;
          w.status = r.kind === 'withdrawal_complete' ? 'complete' : 'cancelled';
          return undefined;
        });
      }
      case 'bonus_grant': {
        const print = JSON.stringify([r.playerId, r.promotion, r.depositAmount ?? null]);
        const p = this.promotions[r.promotion] as ModelPromotion;
        // A promotion without amounts in the player's currency grants nothing there.
        if (p.currencies && !p.currencies.includes(this.currencyOf(r.playerId)))
          return this.unrecordedRefusal(r.kind, r.key, print, 'promotion_not_in_currency');
        let amount = p.kind === 'fixed' ? p.value : p.kind === 'percent' ? Math.floor(((r.depositAmount ?? 0) * p.value) / 100) : 0;
        if (p.maxBonus !== null) amount = Math.min(amount, p.maxBonus);
        if (p.minDeposit > 0 && (r.depositAmount ?? 0) < p.minDeposit) return this.unrecordedRefusal(r.kind, r.key, print, 'deposit_too_small');
        if (amount <= 0) return this.unrecordedRefusal(r.kind, r.key, print, 'promotion_has_no_bonus');
        return this.record(r.kind, r.key, print, r.playerId, () => {
          const a = this.account(r.playerId);
          if (a.bonusId !== null) return 'bonus_already_active';
          a.bonus += amount;
          a.bonusId = `${r.kind}:${r.key}`;
          this.bonusStatus.set(a.bonusId, 'active');
          this.cashOut.set(a.bonusId, { max: p.maxCashout, done: 0 });
          a.required = amount * p.multiplier;
          a.wagered = 0;
          if (a.required === 0) this.closeBonus(a, 'converted');
          return undefined;
        });
      }
      case 'bet': {
        const existing = this.recorded.get(`bet:${r.key}`);
        const tombstone = this.bets.get(r.key)?.outcome === 'tombstone';
        if (tombstone && !existing) return { ok: false, code: 'bet_rolled_back', balance: this.balance(r.playerId) };
        return this.record(r.kind, r.key, JSON.stringify([r.playerId, r.amount, r.gameId]), r.playerId, () => {
          const a = this.account(r.playerId);
          const bet: Bet = { playerId: r.playerId, outcome: 'refused', stake: r.amount, stakeReal: 0, stakeBonus: 0, bonusId: a.bonusId, state: 'open' };
          this.bets.set(r.key, bet);
          if (r.amount > a.real + a.bonus) return 'insufficient_funds';
          bet.outcome = 'accepted';
          bet.stakeReal = Math.min(r.amount, a.real);
          bet.stakeBonus = r.amount - bet.stakeReal;
          a.real -= bet.stakeReal;
          a.bonus -= bet.stakeBonus;
          if (a.bonusId !== null) {
            a.wagered += r.amount;
            if (a.wagered >= a.required) this.closeBonus(a, 'converted');
          }
          return undefined;
        });
      }
      case 'win':
        return this.record(r.kind, r.key, JSON.stringify([r.playerId, r.betKey, r.amount]), r.playerId, () => {
          const bet = this.bets.get(r.betKey);
          if (!bet || bet.playerId !== r.playerId || bet.outcome === 'refused') return 'unknown_bet';
          if (bet.outcome === 'tombstone' || bet.state === 'rolled_back') return 'bet_rolled_back';
          const a = this.account(r.playerId);
          const share = Math.floor((r.amount * bet.stakeBonus) / bet.stake);
          const { toReal, toBonus } = this.returned(a, bet, r.amount - share, share);
          a.real += toReal;
          a.bonus += toBonus;
          bet.state = 'settled';
          return undefined;
        });
      case 'rollback':
        return this.record(r.kind, r.key, JSON.stringify([r.playerId, r.betKey]), r.playerId, () => {
          const bet = this.bets.get(r.betKey);
          if (!bet) {
            this.bets.set(r.betKey, { playerId: r.playerId, outcome: 'tombstone', stake: 0, stakeReal: 0, stakeBonus: 0, bonusId: null, state: 'rolled_back' });
            return undefined;
          }
          if (bet.playerId !== r.playerId) return 'unknown_bet';
          if (bet.outcome !== 'accepted' || bet.state === 'rolled_back') return undefined;
          if (bet.state === 'settled') return 'round_settled';
          const a = this.account(r.playerId);
          const { toReal, toBonus } = this.returned(a, bet, bet.stakeReal, bet.stakeBonus);
          a.real += toReal;
          a.bonus += toBonus;
          if (bet.bonusId !== null && bet.bonusId === a.bonusId) a.wagered = Math.max(0, a.wagered - bet.stake);
          bet.state = 'rolled_back';
          return undefined;
        });
      case 'deposit':
        return this.record(r.kind, r.key, JSON.stringify([r.playerId, r.amount]), r.playerId, () => {
          this.account(r.playerId).real += r.amount;
          return undefined;
        });
      case 'withdrawal_request':
        return this.record(r.kind, r.key, JSON.stringify([r.playerId, r.amount, r.forfeitBonus]), r.playerId, () => {
          const a = this.account(r.playerId);
          if (a.bonusId !== null && !r.forfeitBonus) return 'not_meet_wager_requirement';
          if (r.amount > a.real) return 'insufficient_funds';
          a.real -= r.amount;
          a.locked += r.amount;
          this.withdrawals.set(r.key, { playerId: r.playerId, amount: r.amount, status: 'pending' });
          if (a.bonusId !== null) this.closeBonus(a, 'forfeited');
          return undefined;
        });
      case 'bonus_forfeit':
        return this.record(r.kind, r.key, JSON.stringify([r.playerId]), r.playerId, () => {
          const a = this.account(r.playerId);
          if (a.bonusId === null) return 'no_active_bonus';
          this.closeBonus(a, 'forfeited');
          return undefined;
        });
    }
  }

  /** Runs `change` once per id and stores its answer; a repeat gets the stored answer, other details a conflict. */
  private record(kind: string, key: string, print: string, playerId: number, change: () => string | undefined): ModelReply {
    const stored = this.recorded.get(`${kind}:${key}`);
    if (stored) return stored.print === print ? stored.reply : { ok: false, code: 'conflict', balance: this.balance(playerId) };
    const refusal = change();
    const reply: ModelReply = refusal ? { ok: false, code: refusal, balance: this.balance(playerId) } : { ok: true, balance: this.balance(playerId) };
    this.recorded.set(`${kind}:${key}`, { print, reply });
    return reply;
  }

  /** A refusal found before the id is taken: not stored, but an id already used still answers with its reply. */
  private unrecordedRefusal(kind: string, key: string, print: string, code: string): ModelReply {
    const stored = this.recorded.get(`${kind}:${key}`);
    if (stored) return stored.print === print ? stored.reply : { ok: false, code: 'conflict' };
    return { ok: false, code };
  }
}
