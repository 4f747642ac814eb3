// Menu actions: any element with `data-action` runs its action on click (log in,
// register, contact, FAQ, deposit, theme, sidebars, log out, an offer's claim).
// Sidebars are <dialog>s: focus stays inside, Escape closes, the page behind is inert.
import { localHref } from '../lib/browser.ts';
import { $theme, goToDeposit, openFaq, openModal, setBonusCode, setTheme, toast } from '../stores/ui.ts';
import { byId } from './dom.ts';

function openDrawer(id: string, trigger: Element | null): void {
  const drawer = byId<HTMLDialogElement>(id);
  if (!drawer) return;
  drawer.showModal();
  trigger?.setAttribute('aria-expanded', 'true');
  drawer.addEventListener('close', () => trigger?.setAttribute('aria-expanded', 'false'), { once: true });
}

function closeDrawers(): void {
  for (const d of document.querySelectorAll<HTMLDialogElement>('dialog.drawer[open]')) d.close();
}

type Action = (el: HTMLElement) => void;
const actions: Record<string, Action> = {
  login: () => openModal('login', { redirect: true }),
  register: () => openModal('register'),
  contact: () => openModal('contact'),
  faq: (el) => openFaq(Number(el.dataset.index ?? 0)),
  deposit: () => goToDeposit(),
  theme: () => setTheme($theme.get() === 'dark' ? 'light' : 'dark'),
  sidebar: (el) => openDrawer('sidebar', el),
  'account-sidebar': (el) => openDrawer('account-sidebar', el),
  'close-drawer': () => closeDrawers(),
  logout: () => {
    void import('../stores/session.ts').then((m) => m.signOut());
  },
  // An offer's claim ("Get bonus now", a slide's or a welcome page's button): a player
  // deposits with its code; a guest opens an account with it, and the deposit after the
  // sign-up carries it. A sign-up offer (`data-signup`) is for new accounts only: a player
  // is told so (`data-signup-only`, the page's text) rather than sent to a deposit the
  // cashier would refuse the code for.
  bonus: (el) => {
    const code = el.dataset.code ?? '';
    const signUpOffer = el.dataset.signup !== undefined;
    void import('../stores/session.ts').then(async (m) => {
      // A click before the header has hydrated must still know the player.
      await m.restoreSession();
      if (m.$session.get().loggedIn) {
        if (signUpOffer) toast('info', el.dataset.signupOnly ?? '');
        else goToDeposit(code);
        return;
      }
      if (!signUpOffer) setBonusCode(code);
      location.assign(`${localHref('/sign-up')}?promo_code=${encodeURIComponent(code)}`);
    });
  },
};

export function startActions(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const el = target?.closest<HTMLElement>('[data-action]');
    if (el) {
      const action = actions[el.dataset.action ?? ''];
      if (action) {
        event.preventDefault();
        if (el.closest('dialog.drawer')) closeDrawers();
        el.closest('details.dropdown')?.removeAttribute('open');
        action(el);
      }
      return;
    }
    // A click on a drawer's backdrop (outside its box) closes it.
    if (target instanceof HTMLDialogElement && target.classList.contains('drawer')) target.close();
  });
}
