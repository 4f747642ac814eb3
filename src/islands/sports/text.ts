// The catalogue namespaces the sportsbook speaks, and how its ids become words: sports,
// markets and selections (team names stay as the feed gives them), odds, lines and
// refusals (validation keys first, then the sportsbook's own).
import * as en from '../../../locales/en.json';
import { fmt } from '../../lib/plural.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import type { MarketType } from '../../shared/sports.ts';
import { count, i18n } from '../../stores/i18n.ts';

export const sportsText = i18n('sports', {
  ...en.sports,
  accumulator_of: count(en.sports.accumulator_of),
  selections_count: count(en.sports.selections_count),
  bets_placed: count(en.sports.bets_placed),
});
export const validationText = i18n('validation', en.validation);
export { menuText } from '../site/menu-text.ts';

export type SportsText = ReturnType<typeof sportsText.get>;
export type ValidationText = typeof en.validation;

/** "{0} of {1}" with its arguments: the site's one interpolator, here beside the texts it fills. */
export { fmt };

const numbers = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, digits: number, sign = false): Intl.NumberFormat {
  const key = `${locale}:${digits}:${sign}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAG[locale], {
      minimumFractionDigits: digits === 2 ? 2 : 0,
      maximumFractionDigits: 2,
      ...(sign ? { signDisplay: 'exceptZero' as const } : {}),
    });
    numbers.set(key, f);
  }
  return f;
}

/** Decimal odds with two decimals, the locale's way: 2.10, 2,10. */
export const formatOdds = (odds: number, locale: Locale) => numberFormat(locale, 2).format(odds);

/** A line: 2.5, −0.75 (with its sign when `sign`). */
export const formatLine = (line: number, locale: Locale, sign = false) => numberFormat(locale, 0, sign).format(line);

/** A market's name, with its line where it has one: "Over/under 2.5", "Handicap". */
export function marketName(t: SportsText, type: MarketType, line: number, locale: Locale): string {
  const name = (t as Record<string, unknown>)[`market_${type}`];
  const text = typeof name === 'string' ? name : type;
  return type === 'total' ? `${text} ${formatLine(line, locale)}` : text;
}

/** A selection's words: a team, "Draw", "Home or draw", "Over 2.5", "Home −0.75", "Yes", or an outright's participant. */
export function selectionName(t: SportsText, m: { type: MarketType; line: number }, code: string, home: string, away: string, locale: Locale): string {
  switch (m.type) {
    case 'match_result':
      return code === '1' ? home : code === '2' ? away : t.sel_draw;
    case 'double_chance':
      return code === '1X' ? fmt(t.sel_home_or_draw, home) : code === 'X2' ? fmt(t.sel_draw_or_away, away) : fmt(t.sel_home_or_away, home, away);
    case 'total':
      return fmt(code === 'over' ? t.sel_over : t.sel_under, formatLine(m.line, locale));
    case 'handicap':
      // The line is the home side's; the away side has it the other way round.
      return code === 'home' ? `${home} ${formatLine(m.line, locale, true)}` : `${away} ${formatLine(-m.line, locale, true)}`;
    case 'btts':
      return code === 'yes' ? t.sel_yes : t.sel_no;
    default:
      return code;
  }
}

/** A sport id's name. */
export function sportName(t: SportsText, sport: string): string {
  const name = (t as Record<string, unknown>)[`sport_${sport}`];
  return typeof name === 'string' ? name : sport;
}

/** A refusal's catalogue key as text: validation first, then the sportsbook's own, else "Action failed." */
export function refusalText(key: string | undefined, v: ValidationText, t: SportsText): string {
  if (!key) return '';
  const own = (v as Record<string, unknown>)[key] ?? (t as Record<string, unknown>)[key];
  return typeof own === 'string' ? own : v.action_failed;
}
