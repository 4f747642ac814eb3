// The language switcher names each language in its own tongue and in the interface's (SPEC's language entry).
import { describe, expect, it } from 'vitest';
import { LOCALES, languageLabel, languageNameIn } from '../../src/shared/locales.ts';

describe('language switcher names', () => {
  it("names each language also in the interface's language, through Intl.DisplayNames", () => {
    expect(languageLabel('fr', 'de')).toBe('Français — Französisch');
    expect(languageLabel('de', 'fr')).toBe('Deutsch — allemand');
    expect(languageLabel('fr', 'en')).toBe('Français — French');
    expect(languageLabel('jp', 'de')).toBe('日本語 — Japanisch');
    expect(languageNameIn('ru', 'jp')).toBe('ロシア語');
  });

  it("shows the own name alone where the interface's name is the same", () => {
    expect(languageLabel('de', 'de')).toBe('Deutsch');
    expect(languageLabel('en', 'en')).toBe('English');
    expect(languageLabel('in', 'en')).toBe('English (India)');
  });

  it('gives every locale a name in every interface language, never a bare code', () => {
    for (const ui of LOCALES)
      for (const l of LOCALES) {
        const name = languageNameIn(l, ui);
        expect(name.length, `${l} in ${ui}`).toBeGreaterThan(1);
        expect(name, `${l} in ${ui}`).not.toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
      }
  });
});
