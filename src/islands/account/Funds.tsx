import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { checkPromoCode, loadRegistrationBonus } from '../../stores/account.ts';
import { $balance } from '../../stores/balance.ts';
import { bonusCode, setBonusCode } from '../../stores/ui.ts';
import { Field } from '../forms/Field.tsx';
import { BonusTerms, RegistrationBonusNote } from './BonusNote.tsx';
import { loadBalance } from '../../stores/wallet.ts';
import { useLoad } from './list.tsx';
import Deposit from './payments/Deposit.tsx';
import Withdraw from './payments/Withdraw.tsx';
import { accountText, fmt, validationText } from './text.ts';
import { LoadFailed, Loading } from './states.tsx';

/** SPEC §9: the promo code is checked 500 ms after the last keystroke. */
const PROMO_DEBOUNCE_MS = 500;

type PromoState = 'empty' | 'checking' | 'valid' | 'invalid';

/** The promo code field: the code carried from a promotion, checked with front/validate_promo_code. */
function PromoCode() {
  const t = useStore(accountText);
  const v = useStore(validationText);
  const [code, setCode] = useState(bonusCode);
  const [state, setState] = useState<PromoState>('empty');
  // Why a code is refused: unknown, or not offered in the player's currency (`promotion_not_in_currency`).
  const [refusal, setRefusal] = useState('invalid_promo_code');

  useEffect(() => {
    setBonusCode(code.trim());
    const trimmed = code.trim();
    if (trimmed === '') {
      setState('empty');
      return;
    }
    setState('checking');
    let current = true;
    const timer = setTimeout(() => {
      void checkPromoCode(trimmed).then((refused) => {
        if (!current) return;
        setState(refused ? 'invalid' : 'valid');
        setRefusal(refused ?? 'invalid_promo_code');
      });
    }, PROMO_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code]);

  return (
    <Field
      label={t.promo_code}
      name="promo_code"
      autoComplete="off"
      value={code}
      onValue={setCode}
      error={state === 'invalid' ? (refusal === 'promotion_not_in_currency' ? v.promotion_not_in_currency : v.invalid_promo_code) : undefined}
      valid={state === 'valid'}
      hint={
        <span className={`acct-hint${state === 'valid' ? ' acct-ok' : ''}`} role="status">
          {state === 'checking' ? t.promo_checking : state === 'valid' ? t.promo_valid : ''}
        </span>
      }
    />
  );
}

/** Tabs 2 and 3: the deposit (with the promo code) or withdrawal form, balances and bonus wagering. */
export default function Funds({ locale, mode }: { locale: Locale; mode: 'deposit' | 'withdraw' }) {
  const t = useStore(accountText);
  const live = useStore($balance);
  // Balances arrive live through the socket; wagering comes with front/get_player_balance, asked again whenever they change.
  const reply = useLoad(loadBalance, `balance-${JSON.stringify(live)}`);
  const titleId = useId();
  const b = live ?? reply.data?.player;
  const money = (n: number) => formatMoney(n, locale, b?.currency ?? reply.data?.player.currency);
  const w = reply.data?.player.wagering;
  const active = reply.data?.bonus;
  // A registration code's bonus that is still waiting for the activation link, or was refused: said here until it is credited.
  const registration = useLoad(loadRegistrationBonus, 'registration-bonus');
  const pending = registration.data?.bonus?.state === 'granted' ? null : registration.data?.bonus;

  return (
    <div className="acct-funds">
      {mode === 'deposit' ? (
        <Deposit locale={locale} promo={<PromoCode />} />
      ) : (
        <Withdraw locale={locale} withdrawable={b?.real_balance} bonusActive={Boolean(active)} />
      )}

      <div className="acct-funds-grid">
        <section className="card acct-box" aria-labelledby={`${titleId}-balances`}>
          <h3 id={`${titleId}-balances`}>{t.balances_title}</h3>
          {b ? (
            <dl className="acct-balances" data-testid="account-balances">
              <div className="is-total">
                <dt>{t.total_balance}</dt>
                <dd>{money(b.total_balance)}</dd>
              </div>
              <div>
                <dt>{t.real_balance}</dt>
                <dd>{money(b.real_balance)}</dd>
              </div>
              <div>
                <dt>{t.bonus_balance}</dt>
                <dd>{money(b.bonus_balance)}</dd>
              </div>
              <div>
                <dt>{t.locked_balance}</dt>
                <dd>{money(b.locked_balance)}</dd>
              </div>
            </dl>
          ) : reply.failed ? (
            <p className="alert alert-danger" role="alert">
              {t.load_failed}
            </p>
          ) : (
            <Loading />
          )}
          {mode === 'withdraw' && b && <p className="acct-note">{fmt(t.withdrawable, money(b.real_balance))}</p>}
        </section>

        <section className="card acct-box" aria-labelledby={`${titleId}-wagering`}>
          <h3 id={`${titleId}-wagering`}>{t.wagering_title}</h3>
          {!w ? (
            reply.failed ? (
              <LoadFailed retry={reply.reload} />
            ) : (
              <Loading />
            )
          ) : w.required > 0 ? (
            <>
              {active?.promo_code && <p className="acct-progress-text">{fmt(t.bonus_from_code, money(active.amount), active.promo_code)}</p>}
              <div
                className="acct-progress"
                role="progressbar"
                aria-labelledby={`${titleId}-wagering`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(Math.min(100, (w.wagered / w.required) * 100))}
                aria-valuetext={fmt(t.wagering_progress, money(w.wagered), money(w.required))}
                data-testid="wagering-progress"
              >
                <span style={{ width: `${Math.min(100, (w.wagered / w.required) * 100)}%` }} />
              </div>
              <p className="acct-progress-text">{fmt(t.wagering_progress, money(w.wagered), money(w.required))}</p>
              <p className="acct-progress-text">
                <strong>{fmt(t.wagering_remaining, money(Math.max(0, w.remaining)))}</strong>
              </p>
              {active && <BonusTerms locale={locale} currency={active.currency} expiresAt={active.expires_at} maxCashout={active.max_cashout} />}
              {mode === 'withdraw' && w.remaining > 0 && <p className="acct-note">{t.withdraw_wagering_note}</p>}
            </>
          ) : pending ? (
            <RegistrationBonusNote bonus={pending} locale={locale} />
          ) : (
            <p className="acct-note">{t.wagering_none}</p>
          )}
        </section>
      </div>
    </div>
  );
}
