// One form of address per locale across the whole site: each catalogue speaks to the player
// in the form most of it uses (German "Sie", French "vous", Spanish "tú", Polish "ty", …),
// so no text of it may carry the other form's words. The markers are the other form's
// pronouns and a few of its imperatives, chosen so that no ordinary word of the language
// matches them (German "Sie" is capitalised, so lowercase "sie" — "they" — is no marker).
// Greek says "εσείς" (the plural of politeness usual on Greek commercial sites) and Hungarian
// "te" (the form most of its catalogue used); Greek's markers are whole words, so "σου" inside
// another word is no marker, and Hungarian's formal imperatives are matched in either case
// while "Önt" is matched only capitalised (lowercase "önt" is the verb "pours").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/shared/locales.ts';
import { ROOT } from '../helpers/spawn.ts';

/** Word boundaries that know letters beyond ASCII (ä, ő, ж, α …). */
const word = (alternatives: string, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, flags);

interface Rule {
  /** The form the catalogue uses. */
  form: string;
  /** Words of the other form. */
  other: RegExp;
}

const RULES: Partial<Record<Locale, Rule>> = {
  de: { form: 'Sie', other: word('du|dein|deine|deinen|deinem|deiner|deines|dich|dir') },
  fr: { form: 'vous', other: word("tu|toi|ton|ta|tes|te|t'|t’") },
  es: { form: 'tú', other: word('usted|ustedes|elija|introduzca|espere|inténtelo|póngase|seleccione|ingrese|inicie') },
  it: { form: 'tu', other: word('Lei|Suo|Sua|Suoi|Sue|inserisca|attenda|riprovi|scelga|acceda', 'u') },
  pt: { form: 'você (o seu)', other: word('tu|teu|tua|teus|tuas|contigo') },
  br: { form: 'você', other: word('tu|teu|tua|teus|tuas|contigo') },
  pl: { form: 'ty', other: word('Pan|Pani|Państwo|Pana|Panu|Państwa|Pańskie|Pański', 'u') },
  cz: { form: 'vy', other: word('ty|tvůj|tvoje|tvá|tvého|tvém|tvým|tebe|tě|vyber|zadej|zkus|počkej|zkontroluj|klikni') },
  ru: { form: 'вы', other: word('ты|твой|твоя|твоё|твое|твои|тебя|тебе|твоего|твоей|выбери|введи|попробуй|подожди|войди|проверь|нажми') },
  fi: { form: 'sinä', other: word('te|teidän|teitä|teille|teillä|valitkaa|odottakaa|yrittäkää|kirjautukaa') },
  se: { form: 'du', other: word('ni|er|ert|era|eder') },
  no: { form: 'du', other: word('Dem|Deres', 'u') },
  ro: {
    form: 'tu',
    other: word(
      'dumneavoastră|dvs|vă|vi|v-ați|sunteți|aveți|puteți|veți|introduceți|încercați|alegeți|folosiți|verificați|încărcați|contactați|solicitați|adăugați|autentificați-vă|deconectați-vă',
    ),
  },
  gr: {
    form: 'εσείς',
    other: word(
      'σου|σού|εσύ|εσένα|είσαι|έχεις|μπορείς|θέλεις|κάνε|επίλεξε|διάλεξε|πάτα|πάτησε|δοκίμασε|χρησιμοποίησε|συνδέσου|εγγράψου|περίμενε|γράψε|παίξε|πάρε|βάλε|δες|κέρδισες',
    ),
  },
  hu: {
    form: 'te',
    other: word(
      '[Öö]n|[Öö]nnek|Önt|[Öö]nök|[Öö]nöknek|[Öö]nnel|[Öö]ntől|[Öö]nre|[Öö]nhöz|[Öö]nnél|[Öö]nért|[Aa]dja meg|[Aa]djon meg|[Vv]álassza|[Vv]álasszon|[Kk]attintson|[Kk]attintsa|[Pp]róbálja|[Ee]llenőrizze|[Íí]rja be|[Jj]elentkezzen|[Ff]orduljon|[Tt]öltse fel|[Tt]öltsön fel|[Vv]árjon|[Kk]érjük, adja|[Kk]apcsolja be',
      'u',
    ),
  },
  tr: { form: 'siz', other: word('sen|senin|seni|sana|sende|senden') },
  cn: { form: '您', other: /你/u },
  jp: { form: 'polite (です/ます, no pronoun)', other: /君|お前|あんた/u },
  ko: { form: 'polite (-요/-니다)', other: word('너|네가|니가|너의') },
};

function texts(locale: Locale, file = join(ROOT, 'locales', `${locale}.json`)): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') out.push([path, node]);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(JSON.parse(readFileSync(file, 'utf8')), '');
  return out;
}

/**
 * The seeded pages, promotions, slides and footer of a locale (src/server/demo/content), without
 * the FAQ's questions: those are the player's own words to us ("Varför ber ni …?"), not ours to them.
 */
function seededTexts(locale: Locale): [string, string][] {
  const file = join(ROOT, 'src/server/demo/content', `${locale}.json`);
  if (!existsSync(file)) return [];
  return texts(locale, file).map(([key, text]) => [key, text.replace(/<h3>.*?<\/h3>/gs, ' ')]);
}

describe('one form of address per locale', () => {
  for (const locale of LOCALES) {
    const rule = RULES[locale];
    if (!rule) continue;
    it(`${locale} says "${rule.form}" everywhere`, () => {
      const other = texts(locale)
        .filter(([, text]) => rule.other.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(other).toEqual([]);
    });
  }

  for (const locale of LOCALES) {
    const rule = RULES[locale];
    if (!rule) continue;
    it(`${locale}'s seeded pages, promotions and slides say "${rule.form}" as its catalogue does`, () => {
      const other = seededTexts(locale)
        .filter(([, text]) => rule.other.test(text))
        .map(([key, text]) => {
          const at = text.match(rule.other)?.index ?? 0;
          return `${key}: …${text.slice(Math.max(0, at - 60), at + 60)}…`;
        });
      expect(other).toEqual([]);
    });
  }

  it('German marks its one form: every text that addresses the player says "Sie"', () => {
    // The sportsbook's texts once said "du" ("Dein Wettschein ist leer"); they say "Sie" now.
    const de = Object.fromEntries(texts('de'));
    expect(de['sports.slip_empty']).toMatch(/^Ihr Wettschein ist leer\. Wählen Sie/);
    expect(de['sports.login_for_bets']).toMatch(/^Melden Sie sich an/);
  });
});
