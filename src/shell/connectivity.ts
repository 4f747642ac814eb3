// Connectivity: the site goes offline and online with the browser, and says so.
import { byId, root, text } from './dom.ts';

export function startConnectivity(): void {
  const connectivity = byId('connectivity');
  function show(): void {
    if (!connectivity) return;
    const online = navigator.onLine;
    root.dataset.online = String(online);
    connectivity.hidden = online;
    connectivity.textContent = online ? '' : text('offline');
  }
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
  show();
}
