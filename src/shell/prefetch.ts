// Prefetch on intent (pointer over, focus, touch), never on 2g or with data saver.
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function startPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  const prefetched = new Set<string>();
  function prefetch(event: Event): void {
    if (connection?.saveData || connection?.effectiveType?.includes('2g')) return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || link.origin !== location.origin || link.pathname === location.pathname || prefetched.has(link.pathname)) return;
    prefetched.add(link.pathname);
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = link.pathname;
    document.head.append(hint);
  }
  document.addEventListener('pointerover', prefetch, { passive: true });
  document.addEventListener('focusin', prefetch);
  document.addEventListener('touchstart', prefetch, { passive: true });
}
