import { useStore } from '@nanostores/react';
import * as en from '../../../locales/en.json';
import type { Locale } from '../../shared/locales.ts';
import { i18n } from '../../stores/i18n.ts';
import { openModal } from '../../stores/ui.ts';
import { Modal } from './Modal.tsx';
import { RegisterForm } from './RegisterForm.tsx';

const authText = i18n('auth', en.auth);

/** Registration in a modal; on success the credentials go to the login (run-login) and the welcome dialog follows. */
export default function RegisterModal({ locale, onClose }: { locale: Locale; onClose: () => void }) {
  const t = useStore(authText);
  return (
    <Modal title={t.register_title} onClose={onClose} closeLabel={t.close} size="lg">
      <RegisterForm
        locale={locale}
        variant="modal"
        onRegistered={(credentials) => openModal('login', { credentials, redirect: false, afterLogin: 'welcome' })}
      />
    </Modal>
  );
}
