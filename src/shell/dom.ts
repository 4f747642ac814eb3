// What the shell's jobs read of the page: the root element, elements by id and the
// common texts of the page's embedded catalog.
export const root = document.documentElement;
export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

/** A text of the `common` or `menu` namespace of the page's catalog; the key itself when it is missing. */
export function text(key: string): string {
  const catalog = byId('i18n-catalog');
  if (!catalog?.textContent) return key;
  const all = JSON.parse(catalog.textContent) as Record<string, Record<string, string>>;
  return all.common?.[key] ?? all.menu?.[key] ?? key;
}
