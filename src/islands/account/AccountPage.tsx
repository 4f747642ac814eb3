import { useStore } from '@nanostores/react';
import { Component, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type OnDemand, onDemand, useOnDemand, when } from '../../lib/on-demand.ts';
import { type Locale, localizePath } from '../../shared/locales.ts';
import { syncLocale } from '../../stores/i18n.ts';
import { $session, rememberWantedPage, restoreSession, signOut } from '../../stores/session.ts';
import './account.css';
import { LOG_OUT_TAB, TABS, type TabKey, tabFromSearch, writeTab } from './tabs.ts';
import { $unread, refreshUnread } from '../../stores/support.ts';
import { accountText, menuText } from './text.ts';
import { LoadFailed, Loading } from './states.tsx';

// Each tab's code loads when the tab is first shown, and shows the moment it is in
// (src/lib/on-demand.ts).
const funds = onDemand(() => import('./Funds.tsx'));
const PARTS = {
  bet_list: onDemand(() => import('./BetList.tsx')),
  personal_details: onDemand(() => import('./Profile.tsx')),
  deposit: funds,
  withdraw: funds,
  transaction_list: onDemand(() => import('./Transactions.tsx')),
  change_password: onDemand(() => import('./ChangePassword.tsx')),
  mail_box: onDemand(() => import('./MailBox.tsx')),
  safer_gambling: onDemand(() => import('./SaferGambling.tsx')),
  security: onDemand(() => import('./Security.tsx')),
  verification: onDemand(() => import('./Verification.tsx')),
} satisfies Record<TabKey, OnDemand<unknown>>;

interface Props {
  locale: Locale;
}

function content(key: TabKey, locale: Locale): ReactNode {
  switch (key) {
    case 'bet_list':
      return when(PARTS.bet_list, (BetList) => <BetList locale={locale} />);
    case 'personal_details':
      return when(PARTS.personal_details, (Profile) => <Profile locale={locale} />);
    case 'deposit':
      return when(funds, (Funds) => <Funds locale={locale} mode="deposit" />);
    case 'withdraw':
      return when(funds, (Funds) => <Funds locale={locale} mode="withdraw" />);
    case 'transaction_list':
      return when(PARTS.transaction_list, (Transactions) => <Transactions locale={locale} />);
    case 'change_password':
      return when(PARTS.change_password, (ChangePassword) => <ChangePassword />);
    case 'mail_box':
      return when(PARTS.mail_box, (MailBox) => <MailBox />);
    case 'safer_gambling':
      return when(PARTS.safer_gambling, (SaferGambling) => <SaferGambling locale={locale} />);
    case 'security':
      return when(PARTS.security, (Security) => <Security locale={locale} />);
    case 'verification':
      return when(PARTS.verification, (Verification) => <Verification />);
  }
}

/** The tab's content once its code is in, the loading state before. */
function TabContent({ tabKey, locale }: { tabKey: TabKey; locale: Locale }) {
  return useOnDemand<unknown>(PARTS[tabKey]) === undefined ? <Loading /> : content(tabKey, locale);
}

/** A tab whose code failed to load says so instead of leaving the page empty. */
class TabBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The account page (/user-management): players only; tabs chosen by `?tab=N`. */
export default function AccountPage({ locale }: Props) {
  syncLocale(locale);
  const t = useStore(accountText);
  const m = useStore(menuText);
  // The build rendered the loading state; the session is only known in the browser.
  const session = useStore($session, { ssr: 'initial' });
  const unread = useStore($unread);
  const [tab, setTab] = useState<number | null>(null);
  const leaving = useRef(false);
  const wasPlayer = useRef(false);
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());
  const selectId = useId();

  useEffect(() => {
    setTab(tabFromSearch(location.search));
    // HeaderAccount, on every page with this layout, restores the session. A second restore
    // at the same time would present the same one-time refresh token twice, which the server
    // takes for theft and answers by ending the session; so restore here only without it.
    // restoreSession() runs once per page whoever asks (the header asks too).
    void restoreSession();
  }, []);

  // The login guard: a guest is sent home (SPEC §6) with the login open (#login), and comes
  // back here, on the same tab, after logging in.
  useEffect(() => {
    if (session.loggedIn) wasPlayer.current = true;
    if (!session.known || session.loggedIn || leaving.current) return undefined;
    if (wasPlayer.current) {
      // Signed out while here (log out elsewhere on the page, an expired session): whoever
      // signed out is already navigating; go home only if nobody does.
      const timer = setTimeout(() => location.replace(localizePath('/', locale)), 1500);
      return () => clearTimeout(timer);
    }
    // Coming back to "log out" right after logging in would undo the login: remember the page without it.
    rememberWantedPage(tabFromSearch(location.search) === LOG_OUT_TAB ? location.pathname : location.pathname + location.search);
    location.replace(`${localizePath('/', locale)}#login`);
    return undefined;
  }, [session.known, session.loggedIn, locale]);

  useEffect(() => {
    if (!session.loggedIn) return;
    if (tab === LOG_OUT_TAB) {
      leaving.current = true;
      void signOut();
    }
  }, [session.loggedIn, tab]);

  // The unread count for the mail box tab's badge.
  useEffect(() => {
    if (!session.loggedIn) return;
    void refreshUnread();
  }, [session.loggedIn]);

  function select(next: number, focus = false): void {
    if (next === LOG_OUT_TAB) {
      leaving.current = true;
      setTab(LOG_OUT_TAB);
      void signOut();
      return;
    }
    setTab(next);
    writeTab(next);
    if (focus) tabRefs.current.get(next)?.focus();
  }

  function onTabKey(e: KeyboardEvent<HTMLDivElement>): void {
    const at = TABS.findIndex((item) => item.tab === tab);
    let to: number | undefined;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') to = (at + 1) % TABS.length;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') to = (at - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = TABS.length - 1;
    if (to === undefined) return;
    e.preventDefault();
    select(TABS[to]!.tab, true);
  }

  if (!session.known || tab === null) {
    return <Loading />;
  }
  if (!session.loggedIn || tab === LOG_OUT_TAB) {
    return (
      <p className="acct-state" role="status">
        {tab === LOG_OUT_TAB ? t.logging_out : t.redirecting}
      </p>
    );
  }

  const current = TABS.find((item) => item.tab === tab) ?? TABS[0]!;
  const label = (key: TabKey) => m[key];
  const failed = <LoadFailed retry={() => location.reload()} />;

  return (
    <div className="acct" data-testid="account-page">
      <div className="acct-nav">
        <div className="field acct-select">
          <label htmlFor={selectId}>{t.choose_section}</label>
          <select id={selectId} value={current.tab} onChange={(e) => select(Number(e.target.value))}>
            {TABS.map((item) => (
              <option key={item.tab} value={item.tab}>
                {item.key === 'mail_box' && unread ? `${label(item.key)} (${t.unread_count(unread)})` : label(item.key)}
              </option>
            ))}
            <option value={LOG_OUT_TAB}>{m.log_out}</option>
          </select>
        </div>
        <div className="acct-menu card">
          <div className="acct-tabs" role="tablist" aria-label={t.sections} aria-orientation="vertical" onKeyDown={onTabKey}>
            {TABS.map((item) => {
              const selected = item.tab === current.tab;
              return (
                <button
                  key={item.tab}
                  ref={(el) => {
                    if (el) tabRefs.current.set(item.tab, el);
                    else tabRefs.current.delete(item.tab);
                  }}
                  type="button"
                  role="tab"
                  id={`acct-tab-${item.tab}`}
                  aria-selected={selected}
                  aria-controls="acct-panel"
                  tabIndex={selected ? 0 : -1}
                  className="acct-tab"
                  data-tab={item.tab}
                  onClick={() => select(item.tab)}
                >
                  <span>{label(item.key)}</span>
                  {item.key === 'mail_box' && unread ? (
                    <>
                      <span className="badge acct-count" aria-hidden="true">
                        {unread}
                      </span>
                      <span className="visually-hidden">{t.unread_count(unread)}</span>
                    </>
                  ) : null}
                </button>
              );
            })}
          </div>
          <button type="button" className="acct-tab acct-logout" onClick={() => select(LOG_OUT_TAB)}>
            {m.log_out}
          </button>
        </div>
      </div>
      <section id="acct-panel" className="acct-panel" role="tabpanel" aria-labelledby={`acct-tab-${current.tab}`} data-tab={current.tab}>
        <h2>{label(current.key)}</h2>
        <TabBoundary key={current.tab} fallback={failed}>
          <TabContent tabKey={current.key} locale={locale} />
        </TabBoundary>
      </section>
    </div>
  );
}
