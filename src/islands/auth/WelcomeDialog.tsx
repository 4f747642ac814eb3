import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import en from '../../../locales/en.json';
import { i18n } from '../../stores/i18n.ts';
import { goToDeposit } from '../../stores/ui.ts';
import { Modal } from './Modal.tsx';

const welcome = i18n('welcome', en.welcome);
const authText = i18n('auth', en.auth);
export const WELCOME_SECONDS = 5;

/** After registration: congratulations and a 5 s countdown; at zero or on "Deposit Now" the deposit tab opens. */
export default function WelcomeDialog({ onClose }: { onClose: () => void }) {
  const t = useStore(welcome);
  const a = useStore(authText);
  const [left, setLeft] = useState(WELCOME_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      onClose();
      goToDeposit();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onClose]);
  return (
    <Modal title={t.congratulations} onClose={onClose} closeLabel={a.close}>
      <div className="welcome-dialog" data-testid="welcome-dialog">
        <p>{t.account_activated}</p>
        <p role="timer" aria-live="polite">
          {t.redirect_in.replace('{0}', String(left))}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            onClose();
            goToDeposit();
          }}
        >
          {t.deposit_now}
        </button>
      </div>
    </Modal>
  );
}
