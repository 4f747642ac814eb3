import { useStore } from '@nanostores/react';
import * as en from '../../../locales/en.json';
import type { Locale } from '../../shared/locales.ts';
import { i18n } from '../../stores/i18n.ts';
import { ContactForm } from './ContactForm.tsx';
import { Modal } from '../auth/Modal.tsx';

const authText = i18n('auth', en.auth);

export default function ContactModal({ locale, onClose }: { locale: Locale; onClose: () => void }) {
  const t = useStore(authText);
  return (
    <Modal title={t.contact_title} onClose={onClose} closeLabel={t.close}>
      <ContactForm locale={locale} />
    </Modal>
  );
}
