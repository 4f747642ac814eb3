// The service worker at /sw.js, scope /, and its update prompt: registered after the page has loaded (src/pwa).
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void import('../pwa/register.ts').then((m) => m.registerServiceWorker());
  });
}
