// The account page's tabs: the account menu's items and indexes (SPEC §2), read from
// and written to `?tab=N`.
import { ACCOUNT_ITEMS, ACCOUNT_TAB, type AccountItemKey } from '../../shared/account-menu.ts';

export type TabKey = Exclude<AccountItemKey, 'log_out'>;
export const LOG_OUT_TAB = ACCOUNT_TAB.log_out;

/** Every tab but log out, which is an action, in the menu's order. */
export const TABS = ACCOUNT_ITEMS.filter((item): item is Extract<(typeof ACCOUNT_ITEMS)[number], { key: TabKey }> => item.key !== 'log_out');

/** The older release called the transaction list tab 4 (contract §18.4); the spec leaves 4 unused. */
const ALIASES: Record<number, number> = { 4: 7 };

/** The tab a URL asks for: `?tab=N`, the deposit tab for a cashier's return (`payop`, `eupayment`), else the bet list. */
export function tabFromSearch(search: string): number {
  const query = new URLSearchParams(search);
  const raw = query.get('tab');
  if (raw !== null && /^\d+$/.test(raw)) {
    const n = ALIASES[Number(raw)] ?? Number(raw);
    if (n === LOG_OUT_TAB || TABS.some((t) => t.tab === n)) return n;
  }
  if (query.has('payop') || query.has('eupayment')) return ACCOUNT_TAB.deposit;
  return ACCOUNT_TAB.bet_list;
}

/** Shows `tab` in the address bar without a new history entry; other query keys go. */
export function writeTab(tab: number): void {
  history.replaceState(history.state, '', `${location.pathname}?tab=${tab}`);
}
