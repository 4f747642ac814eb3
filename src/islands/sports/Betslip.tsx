import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { OddsPreference } from '../../shared/schemas/sports.ts';
import { FREE_BET_MIN_ODDS, type FreeBet } from '../../shared/sports.ts';
import { $balance } from '../../stores/balance.ts';
import { $session } from '../../stores/session.ts';
import {
  $freeBets,
  $slip,
  $sports,
  ACCUMULATOR,
  accumulatorProblem,
  changedSelections,
  chooseFreeBet,
  clearSlip,
  combined,
  freeBetOf,
  loadFreeBets,
  placeSlip,
  potentialReturn,
  removeSelection,
  type Slip,
  type SlipSelection,
  setAccept,
  setStake,
  slipBets,
  stakeCents,
} from '../../stores/sports.ts';
import { openModal } from '../../stores/ui.ts';
import { fmt, formatOdds, marketName, menuText, refusalText, selectionName, sportsText, validationText } from './text.ts';

/** ODDS_PREFERENCES of src/shared/schemas/sports.ts (not imported: that module brings zod into this chunk). */
const ODDS_PREFERENCES: readonly OddsPreference[] = ['none', 'higher', 'any'];

const EMPTY: Slip = { id: '', selections: [], stakes: {}, accept: 'none', busy: false, messages: {}, placed: 0, free: {} };

interface FreeChoice {
  /** The free bet this bet may use (the one chosen, or one not chosen elsewhere). */
  offer: FreeBet;
  chosen: boolean;
  /** "Use my free bet of €20.00". */
  label: string;
  /** Its terms: the stake is not returned, the least odds. */
  terms: string;
}

function StakeField({
  betKey,
  label,
  value,
  returns,
  message,
  free,
}: {
  betKey: string;
  label: string;
  value: string;
  returns: string;
  message: string;
  free?: FreeChoice | undefined;
}) {
  const t = useStore(sportsText);
  const id = useId();
  const usingFree = free?.chosen === true;
  const invalid = !usingFree && value.trim() !== '' && stakeCents(value) === undefined;
  const error = invalid ? t.invalid_stake : message;
  return (
    <div className={`field sb-stake${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>
        {t.stake}
        <span className="visually-hidden"> – {label}</span>
      </label>
      <input
        id={id}
        name={`stake-${betKey}`}
        inputMode="decimal"
        autoComplete="off"
        value={usingFree ? free.offer.amount.toFixed(2) : value}
        disabled={usingFree}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-return${usingFree ? ` ${id}-free-terms` : ''}${error ? ` ${id}-feedback` : ''}`}
        onChange={(e) => setStake(betKey, e.target.value)}
      />
      {free && (
        <div className="form-check sb-free">
          <input
            id={`${id}-free`}
            type="checkbox"
            className="form-check-input"
            checked={free.chosen}
            onChange={(e) => chooseFreeBet(betKey, e.target.checked ? free.offer.id : null)}
          />
          <label htmlFor={`${id}-free`} className="form-check-label">
            {free.label}
          </label>
        </div>
      )}
      {usingFree && (
        <p className="hint" id={`${id}-free-terms`}>
          {free.terms}
        </p>
      )}
      <p className="sb-return" id={`${id}-return`}>
        {t.potential_return}: <strong>{returns}</strong>
      </p>
      {error && (
        <span id={`${id}-feedback`} className="feedback" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** The betslip: its selections with a stake each (singles), an accumulator over them, the odds preference, and placing. */
export function Betslip({ locale }: { locale: Locale }) {
  const t = useStore(sportsText);
  const v = useStore(validationText);
  const m = useStore(menuText);
  const live = useStore($slip);
  const session = useStore($session);
  const balance = useStore($balance);
  const limits = useStore($sports).limits;
  const freeBets = useStore($freeBets);
  // The build rendered an empty slip; the tab's own slip shows once hydrated, so both renders match.
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  // The player's free bets follow the login: a guest has none.
  useEffect(() => {
    void loadFreeBets(session.loggedIn);
  }, [session.loggedIn]);
  const slip = hydrated ? live : EMPTY;
  const currency = balance?.currency ?? session.user?.currency;
  const money = (n: number) => formatMoney(n, locale, currency);
  const n = slip.selections.length;
  const bets = slipBets(slip);
  // A free bet's stake is not the player's money.
  const total = bets.reduce((sum, b) => sum + (b.freeBet === undefined ? b.stake : 0), 0) / 100;
  const changed = changedSelections(slip);
  const accProblem = accumulatorProblem(slip.selections);
  const stakeText = (key: string) => slip.stakes[key] ?? '';
  const returnOf = (key: string, odds: number[]) => {
    const free = freeBetOf(slip, key);
    // A free bet's stake is not returned: a win pays the return less it.
    if (free) return money(Math.max(0, Math.round((potentialReturn(Math.round(free.amount * 100), odds) - free.amount) * 100) / 100));
    const cents = stakeCents(stakeText(key));
    return money(cents ? potentialReturn(cents, odds) : 0);
  };
  // A free bet is offered on each bet until one bet takes it.
  const freeChoice = (key: string): FreeChoice | undefined => {
    const chosen = freeBetOf(slip, key);
    const taken = new Set(Object.entries(slip.free ?? {}).flatMap(([k, fb]) => (k === key ? [] : [fb])));
    const offer = chosen ?? freeBets.find((f) => !taken.has(f.id));
    if (!offer || !session.loggedIn) return undefined;
    return {
      offer,
      chosen: chosen !== undefined,
      label: fmt(t.use_free_bet, money(offer.amount)),
      terms: fmt(t.free_bet_terms, formatOdds(offer.min_odds || FREE_BET_MIN_ODDS, locale)),
    };
  };
  // A moved price the preference does not take needs the player's word first.
  const askAccept = changed.some((s) => !(slip.accept === 'any' || (slip.accept === 'higher' && s.odds > s.agreed)));
  const label = (s: SlipSelection) => selectionName(t, { type: s.market, line: s.line }, s.code, s.home, s.away, locale);
  // A refusal in words; one by the player's own limit names the limit, its amount and its reset, a break its end.
  const refusalOf = (key: string) => {
    const message = slip.messages[key];
    const barred = slip.barred?.[key];
    const limit = barred?.limit;
    if (message === 'limit_reached' && limit) {
      if (limit.kind === 'session') return t.limit_session;
      const when = limit.resets_at ? formatDate(limit.resets_at, true) : '';
      return fmt(limit.kind.startsWith('loss') ? t.limit_loss : t.limit_wager, formatMoney(limit.amount, locale, limit.currency), when);
    }
    if (message === 'player_on_break' && barred?.until) return fmt(v.player_on_break, formatDate(barred.until, true));
    return refusalText(message, v, t);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!session.loggedIn) {
      openModal('login');
      return;
    }
    void placeSlip(askAccept);
  }

  // Escape closes the sheet on phones and gives focus back to its toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        document.getElementById(`${id}-toggle`)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, id]);

  return (
    <aside className={`betslip${open ? ' is-open' : ''}`} aria-labelledby={`${id}-title`}>
      <button id={`${id}-toggle`} type="button" className="sb-sheet-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
        <span>{t.betslip}</span>
        <span className="badge" data-testid="slip-count">
          {n}
        </span>
      </button>
      <div className="sb-slip card" id={`${id}-body`} ref={sheet}>
        <div className="sb-slip-head">
          <h2 id={`${id}-title`}>
            {t.betslip} <span className="visually-hidden">({t.selections_count(n)})</span>
          </h2>
          {n > 0 && (
            <button type="button" className="link-button" onClick={() => clearSlip()}>
              {t.clear_slip}
            </button>
          )}
          <button type="button" className="sb-sheet-close" onClick={() => setOpen(false)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t.close_slip}</span>
          </button>
        </div>

        {slip.placed > 0 && (
          <p className="alert alert-success" role="status">
            {t.bets_placed(slip.placed)}
          </p>
        )}

        {n === 0 ? (
          <p className="empty">{t.slip_empty}</p>
        ) : (
          <form className="sb-slip-form" onSubmit={submit} noValidate>
            <ul className="sb-slip-list">
              {slip.selections.map((s) => {
                const moved = s.odds !== s.agreed;
                return (
                  <li key={s.id} className="sb-slip-item" data-selection={s.id}>
                    <div className="sb-slip-pick">
                      <p className="sb-slip-name">
                        <strong>{label(s)}</strong>
                        <span className="sb-slip-market">{marketName(t, s.market, s.line, locale)}</span>
                        <span className="sb-slip-event">{s.event}</span>
                      </p>
                      <p className={`sb-slip-odds${moved ? (s.odds > s.agreed ? ' sb-up' : ' sb-down') : ''}`}>
                        {moved && (
                          <>
                            <del>{formatOdds(s.agreed, locale)}</del>{' '}
                          </>
                        )}
                        <span>{formatOdds(s.odds, locale)}</span>
                        {moved && <span className="visually-hidden">{s.odds > s.agreed ? t.odds_up : t.odds_down}</span>}
                      </p>
                      <button type="button" className="sb-remove" onClick={() => removeSelection(s.id)}>
                        <span aria-hidden="true">×</span>
                        <span className="visually-hidden">
                          {t.remove_selection} – {label(s)}
                        </span>
                      </button>
                    </div>
                    {s.suspended && <p className="sb-suspended-note">{t.suspended}</p>}
                    <StakeField
                      betKey={String(s.id)}
                      label={label(s)}
                      value={stakeText(String(s.id))}
                      returns={returnOf(String(s.id), [s.odds])}
                      message={refusalOf(String(s.id))}
                      free={freeChoice(String(s.id))}
                    />
                  </li>
                );
              })}
            </ul>

            {n > 1 && (
              <div className="sb-acc">
                <p className="sb-acc-title">
                  <strong>{t.accumulator_of(n)}</strong>
                  {!accProblem && <span>{formatOdds(combined(slip.selections.map((s) => s.odds)), locale)}</span>}
                </p>
                {accProblem ? (
                  <p className="hint">{refusalText(accProblem, v, t)}</p>
                ) : (
                  <StakeField
                    betKey={ACCUMULATOR}
                    label={t.accumulator_of(n)}
                    value={stakeText(ACCUMULATOR)}
                    returns={returnOf(
                      ACCUMULATOR,
                      slip.selections.map((s) => s.odds),
                    )}
                    message={refusalOf(ACCUMULATOR)}
                    free={freeChoice(ACCUMULATOR)}
                  />
                )}
              </div>
            )}

            <div className="field sb-accept">
              <label htmlFor={`${id}-accept`}>{t.odds_preference}</label>
              <select id={`${id}-accept`} value={slip.accept} onChange={(e) => setAccept(e.target.value as Slip['accept'])}>
                {ODDS_PREFERENCES.map((p) => (
                  <option key={p} value={p}>
                    {t[`accept_${p}`]}
                  </option>
                ))}
              </select>
            </div>

            {limits && <p className="hint">{fmt(t.stake_limits, money(limits.min_stake), money(limits.max_stake), money(limits.max_payout))}</p>}

            <p className="sb-total">
              {t.total_stake}: <strong>{money(total)}</strong>
            </p>

            {askAccept && (
              <p className="alert alert-warning sb-odds-changed" role="alert">
                {v.sports_odds_changed}
              </p>
            )}
            {slip.messages[''] && !(askAccept && slip.messages[''] === 'sports_odds_changed') && (
              <p className="alert alert-danger" role="alert">
                {refusalText(slip.messages[''], v, t)}
              </p>
            )}

            {session.loggedIn ? (
              <button type="submit" className="btn btn-primary sb-place" disabled={slip.busy}>
                {askAccept ? t.accept_new_odds : t.place_bets}
              </button>
            ) : (
              <>
                <p className="hint">{t.login_to_bet_note}</p>
                <button type="submit" className="btn btn-primary sb-place">
                  {m.login}
                </button>
              </>
            )}
          </form>
        )}
      </div>
    </aside>
  );
}
