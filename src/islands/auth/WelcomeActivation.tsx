import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import en from '../../../locales/en.json';
import { call } from '../../lib/api.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import { i18n, syncLocale } from '../../stores/i18n.ts';

const welcome = i18n('welcome', en.welcome);
const SECONDS = 5;

/** The emailed activation link lands here: activate, then count down and go to the casino. */
export default function WelcomeActivation({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const t = useStore(welcome);
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'failed'>('idle');
  const [left, setLeft] = useState(SECONDS);

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('activation_token');
    if (!token) return;
    setState('working');
    call<{ status: number }>('front/activate_account', { token }).then(
      (reply) => setState(reply.status === 1 ? 'done' : 'failed'),
      () => setState('failed'),
    );
  }, []);

  useEffect(() => {
    if (state !== 'done') return;
    if (left <= 0) {
      location.assign(localizePath('/online-casino', locale));
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [state, left, locale]);

  if (state === 'idle') return null;
  if (state === 'working') return <p aria-busy="true">{t.activating}</p>;
  if (state === 'failed')
    return (
      <p className="alert alert-danger" role="alert">
        {t.activation_failed}
      </p>
    );
  return (
    <p className="alert alert-success" role="status" data-testid="activation-done">
      {t.activated_redirect.replace('{0}', String(left))}
    </p>
  );
}
