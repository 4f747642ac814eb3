// Menu actions: any element with `data-action` runs its action on click (log in,
// register, contact, FAQ, deposit, theme, sidebars, log out, bonus and slider offers).
// Sidebars are <dialog>s: focus stays inside, Escape closes, the page behind is inert.
import { $theme, goToDeposit, openFaq, openModal, setTheme } from '../stores/ui.ts';
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
  // "Get bonus now": deposit with this code for a player, the login for a guest.
  bonus: (el) => {
    void import('../stores/session.ts').then((m) => (m.$session.get().loggedIn ? goToDeposit(el.dataset.code ?? '') : openModal('login', { redirect: false })));
  },
  // A slider click: deposit for a player, the login for a guest.
  slider: () => {
    void import('../stores/session.ts').then((m) => (m.$session.get().loggedIn ? goToDeposit() : openModal('login', { redirect: false })));
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
