import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { syncLocale } from '../../stores/i18n.ts';
import type { Locale } from '../../shared/locales.ts';
import { $modal, closeModal } from '../../stores/ui.ts';

// Each form loads when it is first opened, so the host itself costs almost nothing.
const LoginModal = lazy(() => import('./LoginModal.tsx'));
const RegisterModal = lazy(() => import('./RegisterModal.tsx'));
const RecoveryModal = lazy(() => import('./RecoveryModal.tsx'));
const ResetPasswordModal = lazy(() => import('./ResetPasswordModal.tsx'));
const ContactModal = lazy(() => import('../support/ContactModal.tsx'));
const WelcomeDialog = lazy(() => import('./WelcomeDialog.tsx'));

/** Shows the modal the interface asked for (login, register, recovery, contact, welcome). */
export default function ModalHost({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const modal = useStore($modal, { ssr: 'initial' });

  if (!modal) return null;
  let content: React.ReactNode = null;
  switch (modal.name) {
    case 'login':
      content = <LoginModal locale={locale} state={modal} onClose={closeModal} />;
      break;
    case 'register':
      content = <RegisterModal locale={locale} onClose={closeModal} />;
      break;
    case 'forgot-password':
      content = <RecoveryModal locale={locale} kind="password" onClose={closeModal} />;
      break;
    case 'forgot-username':
      content = <RecoveryModal locale={locale} kind="username" onClose={closeModal} />;
      break;
    case 'reset-password':
      content = <ResetPasswordModal token={modal.token ?? ''} onClose={closeModal} />;
      break;
    case 'contact':
      content = <ContactModal locale={locale} onClose={closeModal} />;
      break;
    case 'welcome':
      content = <WelcomeDialog locale={locale} onClose={closeModal} />;
      break;
  }
  // A new key per modal: switching from login to recovery mounts a fresh dialog.
  return (
    <Suspense fallback={null} key={modal.name}>
      {content}
    </Suspense>
  );
}
