import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import * as en from '../../../locales/en.json';
import type { Locale } from '../../shared/locales.ts';
import type { RegistrationBonusInfo } from '../../shared/wallet.ts';
import { i18n } from '../../stores/i18n.ts';
import { loadRegistrationBonus } from '../../stores/account.ts';
import { $session } from '../../stores/session.ts';
import { RegistrationBonusNote } from '../account/BonusNote.tsx';
import { bonusCode, goToDeposit } from '../../stores/ui.ts';
import { Modal } from './Modal.tsx';
import { welcomeText } from './welcome-text.ts';

const authText = i18n('auth', en.auth);
export const WELCOME_SECONDS = 5;

/**
 * After registration: the account exists and the player is logged in, but the email is
 * not confirmed yet (that is the mailed link's job, see WelcomeActivation), so the dialog
 * says where the link went; a promo code's bonus that waits for the link says so too. A 5 s countdown; at zero or on "Deposit Now" the deposit tab opens.
 */
export default function WelcomeDialog({ locale, onClose }: { locale: Locale; onClose: () => void }) {
  const t = useStore(welcomeText);
  const a = useStore(authText);
  const email = useStore($session).user?.email;
  const [beforeEmail = '', afterEmail = ''] = t.activation_sent.split('{0}');
  const [left, setLeft] = useState(WELCOME_SECONDS);
  const [bonus, setBonus] = useState<RegistrationBonusInfo | null>(null);
  useEffect(() => {
    // Only a note: the dialog does not wait for it, and a failed call leaves it out.
    loadRegistrationBonus().then(
      (reply) => setBonus(reply.bonus),
      () => {},
    );
  }, []);
  useEffect(() => {
    if (left <= 0) {
      onClose();
      // An offer claimed before the sign-up (its code remembered) goes with the first deposit.
      goToDeposit(bonusCode());
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onClose]);
  return (
    <Modal title={t.congratulations} onClose={onClose} closeLabel={a.close}>
      <div className="welcome-dialog" data-testid="welcome-dialog">
        <p>{t.account_created}</p>
        {email && (
          <p data-testid="activation-sent">
            {beforeEmail}
            <strong>{email}</strong>
            {afterEmail}
          </p>
        )}
        {bonus && <RegistrationBonusNote bonus={bonus} locale={locale} />}
        <p role="timer" aria-live="polite">
          {t.redirect_in(left)}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            onClose();
            goToDeposit(bonusCode());
          }}
        >
          {t.deposit_now}
        </button>
      </div>
    </Modal>
  );
}
