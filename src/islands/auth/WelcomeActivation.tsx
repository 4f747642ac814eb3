import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type Locale, localizePath } from '../../shared/locales.ts';
import type { RegistrationBonusInfo } from '../../shared/wallet.ts';
import { activateAccount } from '../../stores/account.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { RegistrationBonusNote } from '../account/BonusNote.tsx';
import { welcomeText } from './welcome-text.ts';

const SECONDS = 5;

/**
 * The emailed activation link lands here: activate, say what became of a promo code's
 * bonus, then count down and go to the casino. A refused bonus stops the countdown, so
 * the player can read why.
 */
export default function WelcomeActivation({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const t = useStore(welcomeText);
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'failed'>('idle');
  const [bonus, setBonus] = useState<RegistrationBonusInfo | undefined>();
  const [left, setLeft] = useState(SECONDS);
  const casino = localizePath('/online-casino', locale);
  const waits = bonus?.state === 'refused';

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('activation_token');
    if (!token) return;
    setState('working');
    void activateAccount(token).then((outcome) => {
      setBonus(outcome.ok ? outcome.reply.bonus : undefined);
      setState(outcome.ok ? 'done' : 'failed');
    });
  }, []);

  useEffect(() => {
    if (state !== 'done' || waits) return;
    if (left <= 0) {
      location.assign(casino);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [state, left, casino, waits]);

  if (state === 'idle') return null;
  if (state === 'working') return <p aria-busy="true">{t.activating}</p>;
  if (state === 'failed')
    return (
      <p className="alert alert-danger" role="alert">
        {t.activation_failed}
      </p>
    );
  return (
    <>
      {waits ? (
        <p className="alert alert-success" data-testid="activation-done">
          {t.account_confirmed}
        </p>
      ) : (
        <p className="alert alert-success" role="status" data-testid="activation-done">
          {t.activated_redirect(left)}
        </p>
      )}
      {bonus && <RegistrationBonusNote bonus={bonus} locale={locale} />}
      {waits && (
        <p>
          <a className="btn btn-primary" href={casino}>
            {t.continue_to_casino}
          </a>
        </p>
      )}
    </>
  );
}
