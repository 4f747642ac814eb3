import { useStore } from '@nanostores/react';
import en from '../../../locales/en.json';
import { i18n } from '../../stores/i18n.ts';
import { $settings } from '../../stores/settings.ts';

const messages = i18n('common', en.common);

/** Shows which countries the operator keeps out, read live from the settings call. */
export default function RestrictedCountries() {
  const t = useStore(messages);
  // The build rendered the loading state; hydration must see the same before data shows.
  const settings = useStore($settings, { ssr: 'initial' });
  if (settings === undefined) return <p aria-busy="true">{t.loading}</p>;
  if (settings === null) return <p role="alert">{t.action_failed}</p>;
  return (
    <section aria-label={t.restricted_countries} data-testid="restricted-countries">
      <h2>{t.restricted_countries}</h2>
      <p>{settings.countryBlackList.length === 0 ? t.restricted_none : settings.countryBlackList.join(', ')}</p>
    </section>
  );
}
