// Links that carry something along: the current page's tracking code to sign-up, and
// the language switcher's choice, remembered for the root path's detection.
export function startLinks(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-keep-query]');
    const code = new URLSearchParams(location.search).get('tracking_code');
    if (link && code) {
      const url = new URL(link.href);
      url.searchParams.set('tracking_code', code);
      link.href = url.toString();
    }
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-locale-choice]');
    if (link) document.cookie = `i18n_redirected=${link.dataset.localeChoice}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  });
}
