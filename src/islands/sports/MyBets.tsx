import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { SportBet } from '../../shared/sports.ts';
import { $session } from '../../stores/session.ts';
import { $myBets, cashOut, loadMyBets } from '../../stores/sports.ts';
import { openModal } from '../../stores/ui.ts';
import { fmt, formatOdds, marketName, menuText, refusalText, type SportsText, selectionName, sportsText, validationText } from './text.ts';

function stateText(t: SportsText, state: SportBet['state']): string {
  const text = (t as Record<string, unknown>)[`state_${state}`];
  return typeof text === 'string' ? text : state;
}

function resultText(t: SportsText, result: string): string {
  const text = (t as Record<string, unknown>)[`result_${result}`];
  return typeof text === 'string' ? text : result;
}

/**
 * The player's open and settled sports bets, with cash-out of an open single: the card asks
 * to confirm the amount offered, then the list says what was paid ("Cashed out €4.75"); an
 * offer that changed meanwhile is refused and the new one is asked instead.
 */
export default function MyBets({ locale }: { locale: Locale }) {
  const t = useStore(sportsText);
  const v = useStore(validationText);
  const m = useStore(menuText);
  const session = useStore($session);
  const mine = useStore($myBets);
  // The bet whose cash-out is being confirmed (one at a time), and where focus goes next.
  const [confirming, setConfirming] = useState<number | null>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    const el = document.querySelector<HTMLElement>(focusNext.current);
    focusNext.current = null;
    el?.focus();
  });

  const askCashOut = (id: number) => {
    focusNext.current = `.sb-bet[data-bet="${id}"] .sb-cash-yes`;
    setConfirming(id);
  };
  const keepBet = (id: number) => {
    focusNext.current = `.sb-bet[data-bet="${id}"] .sb-cash-out`;
    setConfirming(null);
  };
  const confirmCashOut = async (id: number) => {
    if (await cashOut(id)) {
      setConfirming(null);
      focusNext.current = '.sb-cashed-out';
    }
  };
  const done = mine.cashedOut;

  // A guest who logs in here sees their bets at once.
  useEffect(() => {
    if (session.loggedIn) void loadMyBets();
  }, [session.loggedIn]);

  if (!session.loggedIn) {
    return (
      <section className="sb-my-bets" aria-labelledby="sb-my-bets-title">
        <h2 id="sb-my-bets-title">{t.tab_my_bets}</h2>
        <p className="empty">{t.login_for_bets}</p>
        <button type="button" className="btn btn-primary" onClick={() => openModal('login')}>
          {m.login}
        </button>
      </section>
    );
  }

  return (
    <section className="sb-my-bets" aria-labelledby="sb-my-bets-title" aria-busy={mine.loading}>
      <h2 id="sb-my-bets-title">{t.tab_my_bets}</h2>
      <fieldset className="sb-sections">
        <legend className="visually-hidden">{t.bet_states}</legend>
        {(['open', 'settled'] as const).map((state) => (
          <button key={state} type="button" className="chip" aria-pressed={mine.state === state} onClick={() => void loadMyBets(state)}>
            {state === 'open' ? t.bets_open : t.bets_settled}
          </button>
        ))}
      </fieldset>
      {mine.loading && mine.bets.length === 0 && <p className="empty">{t.loading}</p>}
      {mine.error && (
        <div className="alert alert-danger" role="alert">
          <p>{t.bets_failed}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void loadMyBets()}>
            {t.retry}
          </button>
        </div>
      )}
      {!mine.loading && !mine.error && mine.loaded && mine.bets.length === 0 && <p className="empty">{t.no_bets}</p>}
      {done && (
        <p className="alert alert-success sb-cashed-out" role="status" tabIndex={-1}>
          {fmt(t.cashed_out_amount, formatMoney(done.amount, locale, done.currency))}
        </p>
      )}
      {mine.bets.length > 0 && (
        <ul className="sb-list" data-testid="my-bets">
          {mine.bets.map((b) => {
            const money = (n: number) => formatMoney(n, locale, b.currency);
            const cashing = mine.cashing.includes(b.id);
            return (
              <li key={b.id} className="sb-bet card" data-bet={b.id}>
                <p className="sb-bet-head">
                  <strong>{b.kind === 'single' ? t.single : t.accumulator_of(b.legs.length)}</strong>
                  {b.free_bet && <span className="badge sb-free-bet">{t.free_bet}</span>}
                  <span className={`badge sb-state-${b.state}`}>{stateText(t, b.state)}</span>
                </p>
                <ul className="sb-legs">
                  {b.legs.map((l) => {
                    const [home = l.event, away = ''] = l.event.split(' – ');
                    return (
                      <li key={l.selection_id}>
                        <span className="sb-leg-pick">
                          <strong>{selectionName(t, { type: l.market, line: l.line }, l.code, home, away, locale)}</strong> @ {formatOdds(l.odds, locale)}
                        </span>
                        <span className="sb-leg-event">
                          {marketName(t, l.market, l.line, locale)} · {l.event}
                        </span>
                        {l.result && <span className="sb-leg-result">{resultText(t, l.result)}</span>}
                      </li>
                    );
                  })}
                </ul>
                <dl className="sb-bet-figures">
                  <div>
                    <dt>{t.stake}</dt>
                    <dd>{money(b.stake)}</dd>
                  </div>
                  <div>
                    <dt>{t.odds}</dt>
                    <dd>{formatOdds(b.odds, locale)}</dd>
                  </div>
                  <div>
                    <dt>{b.state === 'open' ? t.potential_return : t.paid}</dt>
                    <dd>{money(b.state === 'open' ? b.potential_return : b.paid)}</dd>
                  </div>
                  <div>
                    <dt>{t.placed_at}</dt>
                    <dd>
                      <time dateTime={b.created_at}>{formatDate(b.created_at, true)}</time>
                    </dd>
                  </div>
                </dl>
                {b.cash_out !== null && confirming !== b.id && (
                  <button type="button" className="btn btn-secondary btn-small sb-cash-out" disabled={cashing} onClick={() => askCashOut(b.id)}>
                    {fmt(t.cash_out, money(b.cash_out))}
                  </button>
                )}
                {b.cash_out !== null && confirming === b.id && (
                  // The confirm step, in the bet's card: the amount asked is the one the server must still offer.
                  <fieldset
                    className="sb-cash-confirm"
                    onKeyDown={(e) => {
                      // Escape keeps the bet, as its button does.
                      if (e.key === 'Escape') keepBet(b.id);
                    }}
                  >
                    <legend>{fmt(t.cash_out_confirm, money(b.cash_out))}</legend>
                    <div className="sb-cash-actions">
                      <button type="button" className="btn btn-primary btn-small sb-cash-yes" disabled={cashing} onClick={() => void confirmCashOut(b.id)}>
                        {t.cash_out_yes}
                      </button>
                      <button type="button" className="btn btn-secondary btn-small sb-cash-keep" disabled={cashing} onClick={() => keepBet(b.id)}>
                        {t.cash_out_keep}
                      </button>
                    </div>
                  </fieldset>
                )}
                {mine.messages[b.id] && (
                  <p className="alert alert-danger" role="alert">
                    {refusalText(mine.messages[b.id], v, t)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
