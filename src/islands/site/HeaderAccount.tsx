import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import * as en from '../../../locales/en.json';
import { formatMoney } from '../../lib/format.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import { $balance } from '../../stores/balance.ts';
import { i18n, syncLocale } from '../../stores/i18n.ts';
import { $session, restoreSession } from '../../stores/session.ts';
import { ACCOUNT_ITEMS } from '../../shared/account-menu.ts';
import { menuText } from './menu-text.ts';

const common = i18n('common', en.common);

interface Props {
  locale: Locale;
}

/** The header's account area: login and register for guests; balances, deposit and the account menu for players. */
export default function HeaderAccount({ locale }: Props) {
  syncLocale(locale);
  const t = useStore(menuText);
  const c = useStore(common);
  // The build rendered a guest; the session is only known in the browser.
  const session = useStore($session, { ssr: 'initial' });
  const balance = useStore($balance, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!$session.get().known) void restoreSession();
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menuRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!session.loggedIn || !session.user) {
    return (
      <div className="account-area" data-state={session.known ? 'guest' : 'unknown'}>
        {/* Drawn instead of the buttons while a remembered login is being checked (html[data-session]). */}
        {!session.known && (
          <span className="account-skeleton" aria-hidden="true">
            <span />
            <span />
          </span>
        )}
        <button type="button" className="btn btn-outline btn-small header-login" data-action="login">
          {t.login}
        </button>
        {/* The register modal; without JavaScript the link leads to the sign-up page. */}
        <a className="btn btn-primary btn-small" href={localizePath('/sign-up', locale)} data-keep-query="tracking_code" data-action="register">
          {t.register}
        </a>
      </div>
    );
  }

  const b = balance ?? session.user;
  // The player's wallet currency, whatever the page's locale.
  const money = (v: number) => formatMoney(v, locale, b.currency ?? session.user?.currency);
  return (
    <div className="account-area" data-state="player">
      <dl className="balances" aria-label={t.balance}>
        <div>
          <dt>{t.balance}</dt>
          <dd data-testid="total-balance">{money(b.total_balance)}</dd>
        </div>
        <div className="balance-detail">
          <dt>{t.real_balance}</dt>
          <dd data-testid="real-balance">{money(b.real_balance)}</dd>
        </div>
        <div className="balance-detail">
          <dt>{t.bonus_balance}</dt>
          <dd data-testid="bonus-balance">{money(b.bonus_balance)}</dd>
        </div>
      </dl>
      {/* Every header has deposit (SPEC §2); on a narrow phone it is its icon, still named "Deposit". */}
      <button type="button" className="btn btn-primary btn-small deposit-button" data-action="deposit">
        <svg className="deposit-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M12 4v16M4 12h16" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <span className="deposit-label">{t.deposit}</span>
      </button>
      <div className="user-menu" ref={menuRef}>
        <button
          type="button"
          className="btn btn-outline btn-small user-menu-button"
          aria-expanded={open}
          aria-controls="user-menu-list"
          onClick={() => setOpen(!open)}
        >
          <span>{session.user.username}</span>
        </button>
        {open && (
          <ul className="user-menu-list dropdown-panel" id="user-menu-list">
            {ACCOUNT_ITEMS.map((item) => (
              <li key={item.key}>
                {item.key === 'log_out' ? (
                  <button type="button" data-action="logout">
                    {t.log_out}
                  </button>
                ) : item.key === 'deposit' ? (
                  <button type="button" data-action="deposit">
                    {t.deposit}
                  </button>
                ) : (
                  <a href={`${localizePath('/user-management', locale)}?tab=${item.tab}`}>{t[item.key]}</a>
                )}
              </li>
            ))}
            {/* Help stays one click from the account, whichever tabs the bar has room for. */}
            <li className="user-menu-help">
              <a href={localizePath('/faq/0', locale)} data-action="faq" data-index="0">
                {t.faq}
              </a>
            </li>
            <li>
              <a href={localizePath('/contact-us', locale)} data-action="contact">
                {t.contact_us}
              </a>
            </li>
            {/* A player's desktop bar needs the room, so the theme toggle moves in here (as in the phone sidebar). */}
            <li className="user-menu-theme">
              <button type="button" data-action="theme">
                {c.theme}: <span className="theme-name-light">{c.theme_light}</span>
                <span className="theme-name-dark">{c.theme_dark}</span>
              </button>
            </li>
          </ul>
        )}
      </div>
      <button
        type="button"
        className="icon-btn account-sidebar-button"
        data-action="account-sidebar"
        aria-controls="account-sidebar"
        aria-expanded="false"
        aria-label={t.open_account_menu}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
