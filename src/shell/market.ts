// The notices of the visitor's market (jurisdiction profiles). Pages are prerendered per
// locale, not per country (a visitor from Great Britain reads the same English page as
// anyone), so the footer carries the 18+ notice hidden and this shows it once the
// settings call, which the visitor check makes on every page anyway, says the visitor's
// market wants it. Without an answer nothing changes (the licence line and the 18+ badge
// are on every page regardless).
import { loadSettings } from '../stores/settings.ts';

export async function showMarketNotices(): Promise<void> {
  const settings = await loadSettings();
  if (!settings?.market?.ageNotice) return;
  for (const notice of document.querySelectorAll<HTMLElement>('[data-age-notice]')) notice.hidden = false;
}
