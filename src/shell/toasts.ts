// What the stores ask the page to show: toasts (top right, 350 px, gone after 3.5 s, no
// close button), the loading overlay and the main area's loading indicator.
import { $mainLoading, $overlay, $toasts } from '../stores/ui.ts';
import { byId } from './dom.ts';

export function startToasts(): void {
  const toastHost = byId('toasts');
  $toasts.subscribe((toasts) => {
    if (!toastHost) return;
    toastHost.replaceChildren(
      ...toasts.map((t) => {
        const item = document.createElement('div');
        item.className = `toast toast-${t.kind}`;
        item.setAttribute('role', t.kind === 'danger' ? 'alert' : 'status');
        item.textContent = t.text;
        return item;
      }),
    );
  });
  const overlay = byId('overlay');
  $overlay.subscribe((on) => overlay?.toggleAttribute('hidden', !on));
  const mainLoading = byId('main-loading');
  $mainLoading.subscribe((on) => mainLoading?.toggleAttribute('hidden', !on));
}
