// What a bonus promises in the player's words: the registration bonus on the welcome
// dialog and the activation page, the active bonus's deadline and cap beside its
// wagering in the account. Texts are in the `welcome` namespace, which every page ships.
import { useStore } from '@nanostores/react';
import * as en from '../../../locales/en.json';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { RegistrationBonusInfo } from '../../shared/wallet.ts';
import { i18n } from '../../stores/i18n.ts';
import { welcomeText } from '../auth/welcome-text.ts';
import { fmt } from './text.ts';

const welcome = welcomeText;
const validation = i18n('validation', en.validation);

/** The terms still ahead of a bonus: how much to wager, by when, and how much of it can become real money. */
export function BonusTerms({
  locale,
  currency,
  wagering,
  expiresAt,
  maxCashout,
}: {
  locale: Locale;
  /** The player's wallet currency, which the amounts are in. */
  currency: string;
  wagering?: number;
  expiresAt: string | null;
  maxCashout: number | null;
}) {
  const t = useStore(welcome);
  const money = (n: number) => formatMoney(n, locale, currency);
  return (
    <ul className="bonus-terms" data-testid="bonus-terms">
      {wagering !== undefined && wagering > 0 && <li>{fmt(t.bonus_wagering, money(wagering))}</li>}
      {expiresAt && <li>{fmt(t.bonus_valid_until, formatDate(expiresAt, true))}</li>}
      {maxCashout !== null && <li>{fmt(t.bonus_max_cashout, money(maxCashout))}</li>}
    </ul>
  );
}

/** Where the bonus of a registration promo code stands: waiting for the activation link, credited, or refused and why. */
export function RegistrationBonusNote({ bonus, locale }: { bonus: RegistrationBonusInfo; locale: Locale }) {
  const t = useStore(welcome);
  const v = useStore(validation);
  const amount = formatMoney(bonus.amount, locale, bonus.currency);
  if (bonus.state === 'refused') {
    const reason = (v as Record<string, string>)[bonus.reason] ?? v.action_failed;
    return (
      <p className="alert alert-danger" role="alert" data-testid="bonus-refused">
        {fmt(t.bonus_refused, amount, bonus.promo_code, reason)}
      </p>
    );
  }
  if (bonus.state === 'awaiting_activation') {
    return (
      <div className="bonus-note" data-testid="bonus-awaiting">
        <p>{fmt(t.bonus_awaiting, amount, bonus.promo_code)}</p>
        <BonusTerms locale={locale} currency={bonus.currency} wagering={bonus.wagering_required} expiresAt={null} maxCashout={bonus.max_cashout} />
      </div>
    );
  }
  return (
    <div className="bonus-note" data-testid="bonus-credited">
      <p>{fmt(t.bonus_credited, amount, bonus.promo_code)}</p>
      {bonus.status === 'active' && (
        <BonusTerms locale={locale} currency={bonus.currency} wagering={bonus.wagering_required} expiresAt={bonus.expires_at} maxCashout={bonus.max_cashout} />
      )}
    </div>
  );
}
