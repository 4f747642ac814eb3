import { useStore } from '@nanostores/react';
import { formatMoney } from '../../lib/format.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import { $balance } from '../../stores/balance.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { $session } from '../../stores/session.ts';
import { ACCOUNT_ITEMS } from '../../shared/account-menu.ts';
import { menuText } from './menu-text.ts';

/** The right account sidebar on tablet and mobile: real and bonus balances and the account items. */
export default function AccountPanel({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const t = useStore(menuText);
  const session = useStore($session, { ssr: 'initial' });
  const balance = useStore($balance, { ssr: 'initial' });
  if (!session.user) return null;
  const b = balance ?? session.user;
  const currency = b.currency ?? session.user.currency;
  return (
    <div className="account-panel">
      <p className="account-name">{session.user.username}</p>
      <dl className="panel-balances">
        <div>
          <dt>{t.real_balance}</dt>
          <dd>{formatMoney(b.real_balance, locale, currency)}</dd>
        </div>
        <div>
          <dt>{t.bonus_balance}</dt>
          <dd>{formatMoney(b.bonus_balance, locale, currency)}</dd>
        </div>
      </dl>
      <nav aria-label={t.my_account}>
        <ul className="drawer-nav">
          {ACCOUNT_ITEMS.map((item) => (
            <li key={item.key}>
              {item.key === 'log_out' || item.key === 'deposit' ? (
                <button type="button" data-action={item.key === 'log_out' ? 'logout' : 'deposit'}>
                  {t[item.key]}
                </button>
              ) : (
                <a href={`${localizePath('/user-management', locale)}?tab=${item.tab}`}>{t[item.key]}</a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
