import { syncLocale } from '../../stores/i18n.ts';
import type { Locale } from '../../shared/locales.ts';
import { openModal } from '../../stores/ui.ts';
import { RegisterForm } from './RegisterForm.tsx';

/** The /sign-up page's form: the same registration, then run-login and the welcome dialog. */
export default function SignUp({ locale }: { locale: Locale }) {
  syncLocale(locale);
  return (
    <RegisterForm locale={locale} variant="page" onRegistered={(credentials) => openModal('login', { credentials, redirect: false, afterLogin: 'welcome' })} />
  );
}
