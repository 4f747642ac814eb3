import { useStore } from '@nanostores/react';
import { type OnDemand, onDemand, useOnDemand, when } from '../../lib/on-demand.ts';
import type { Locale } from '../../shared/locales.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { $modal, closeModal, type ModalName } from '../../stores/ui.ts';

// Each form loads when it is first opened, so the host itself costs almost nothing; it shows
// the moment its code is in (src/lib/on-demand.ts: not React.lazy, which held it 300 ms more).
const recovery = onDemand(() => import('./RecoveryModal.tsx'));
const FORMS = {
  login: onDemand(() => import('./LoginModal.tsx')),
  register: onDemand(() => import('./RegisterModal.tsx')),
  'forgot-password': recovery,
  'forgot-username': recovery,
  'reset-password': onDemand(() => import('./ResetPasswordModal.tsx')),
  contact: onDemand(() => import('../support/ContactModal.tsx')),
  welcome: onDemand(() => import('./WelcomeDialog.tsx')),
} satisfies Record<ModalName, OnDemand<unknown>>;

// Asked for before the host hydrated (a "Log in" link, an emailed link): its form loads beside React's start.
const asked = $modal.get();
if (asked) void FORMS[asked.name].load().catch(() => undefined);

/** Shows the modal the interface asked for (login, register, recovery, contact, welcome). */
export default function ModalHost({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const modal = useStore($modal, { ssr: 'initial' });
  useOnDemand<unknown>(modal ? FORMS[modal.name] : undefined);

  if (!modal) return null;
  // A new key per modal: switching from login to recovery mounts a fresh dialog.
  switch (modal.name) {
    case 'login':
      return when(FORMS.login, (LoginModal) => <LoginModal key={modal.name} locale={locale} state={modal} onClose={closeModal} />);
    case 'register':
      return when(FORMS.register, (RegisterModal) => <RegisterModal key={modal.name} locale={locale} onClose={closeModal} />);
    case 'forgot-password':
    case 'forgot-username': {
      const kind = modal.name === 'forgot-password' ? 'password' : 'username';
      return when(FORMS[modal.name], (RecoveryModal) => <RecoveryModal key={modal.name} locale={locale} kind={kind} onClose={closeModal} />);
    }
    case 'reset-password':
      return when(FORMS['reset-password'], (ResetPasswordModal) => <ResetPasswordModal key={modal.name} token={modal.token ?? ''} onClose={closeModal} />);
    case 'contact':
      return when(FORMS.contact, (ContactModal) => <ContactModal key={modal.name} locale={locale} onClose={closeModal} />);
    case 'welcome':
      return when(FORMS.welcome, (WelcomeDialog) => <WelcomeDialog key={modal.name} locale={locale} onClose={closeModal} />);
  }
}
