// The reality check over a real-money game: at the interval the player chose, a dialog
// with the session's time and net result, and "continue", "leave the game" and "see my
// history". The game is paused until the player answers; the server refuses new rounds
// meanwhile too (`reality_check_due`), so a page that missed its timer is stopped there.
import { ACCOUNT_TAB } from '../shared/account-menu.ts';
import { localizePath, type Locale } from '../shared/locales.ts';
import type { RealityCheckInfo } from '../shared/protection.ts';

export interface RealityDeps {
  session: string;
  locale: Locale;
  t: (key: string, ...args: (string | number)[]) => string;
  /** The studio call (same retries and refusals as the rounds'). */
  ask: (answer: boolean) => Promise<{ reality: RealityCheckInfo | null }>;
  /** Pauses the game's buttons, or lets them go. */
  pause: (paused: boolean) => void;
}

export function realityChecks(deps: RealityDeps) {
  const { t, locale } = deps;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dialog: HTMLDialogElement | undefined;
  const money = (info: RealityCheckInfo) =>
    new Intl.NumberFormat(document.documentElement.lang, { style: 'currency', currency: info.currency, signDisplay: 'exceptZero' }).format(info.net);
  // The site around the game (the lobby frame's page), or this page when opened on its own.
  const go = (path: string) => (window.top ?? window).location.assign(localizePath(path, locale));

  function schedule(info: RealityCheckInfo | null): void {
    clearTimeout(timer);
    if (!info) return;
    if (info.due) {
      show(info);
      return;
    }
    const wait = Math.max(1000, Date.parse(info.next_at) - Date.now());
    timer = setTimeout(() => {
      deps.ask(false).then(
        (reply) => schedule(reply.reality),
        () => undefined,
      );
    }, wait);
  }

  function button(label: string, kind: string, run: () => void): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = kind;
    b.textContent = label;
    b.addEventListener('click', run);
    return b;
  }

  function show(info: RealityCheckInfo): void {
    deps.pause(true);
    dialog?.remove();
    const d = document.createElement('dialog');
    d.className = 'reality-check';
    d.setAttribute('aria-labelledby', 'reality-title');
    d.dataset.testid = 'reality-check';
    const title = document.createElement('h2');
    title.id = 'reality-title';
    title.textContent = t('reality_title');
    const text = document.createElement('p');
    text.textContent = t('reality_text', t('session_minutes', info.session_minutes), money(info));
    const actions = document.createElement('div');
    actions.className = 'actions';
    const carryOn = button(t('reality_continue'), 'primary', () => {
      carryOn.disabled = true;
      deps.ask(true).then(
        (reply) => {
          d.close();
          d.remove();
          dialog = undefined;
          deps.pause(false);
          schedule(reply.reality);
        },
        () => {
          carryOn.disabled = false;
        },
      );
    });
    actions.append(
      carryOn,
      button(t('reality_leave'), 'secondary', () => go('/online-casino')),
      button(t('reality_history'), 'secondary', () => go(`/user-management?tab=${ACCOUNT_TAB.bet_list}`)),
    );
    d.append(title, text, actions);
    // Escape would close it without an answer: the game stays paused until one of the buttons.
    d.addEventListener('cancel', (e) => e.preventDefault());
    document.body.append(d);
    dialog = d;
    d.showModal();
  }

  return { schedule, show };
}
