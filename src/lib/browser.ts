// Small browser facts every store needs: the page's locale and localized links.
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from '../shared/locales.ts';

/** The locale the current page was built for. */
export function pageLocale(): Locale {
  const code = typeof document === 'undefined' ? undefined : document.documentElement.dataset.locale;
  return isLocale(code) ? code : DEFAULT_LOCALE;
}

/** `route` (unprefixed) in the current page's locale. */
export function localHref(route: string): string {
  return localizePath(route, pageLocale());
}

/** sessionStorage that never throws (private mode, disabled storage). */
export const session = {
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value lives only as long as the page.
    }
  },
};

/** localStorage that never throws. */
export const local = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: nothing is remembered.
    }
  },
};

let shipped: Record<string, Record<string, string>> | undefined;

/** A text of the catalog the page shipped (#i18n-catalog), for stores that speak outside React. */
export function pageText(namespace: string, key: string): string | undefined {
  if (!shipped) {
    try {
      shipped = JSON.parse(document.getElementById('i18n-catalog')?.textContent || '{}') as Record<string, Record<string, string>>;
    } catch {
      shipped = {};
    }
  }
  return shipped[namespace]?.[key];
}

/**
 * Sent on a prerendered form once its island has hydrated and taken what was typed: from then
 * on the island sends it (src/islands/forms/typed-before-hydration.ts, src/shell/forms.ts).
 */
export const FORM_READY = 'casino:form-ready';
