// Texts and small helpers every account tab shares: the "account" namespace, the menu's
// tab labels, the validation messages and the dates of the period filters. How a failed
// call is read is lib/api.ts's `failureOf`.
import * as en from '../../../locales/en.json';
import { count, i18n } from '../../stores/i18n.ts';

export const accountText = i18n('account', {
  ...en.account,
  date_range_too_long: count(en.account.date_range_too_long),
  chart_partial: count(en.account.chart_partial),
  unread_count: count(en.account.unread_count),
});
export { menuText } from '../site/menu-text.ts';
export const validationText = i18n('validation', en.validation);

export type AccountText = ReturnType<typeof accountText.get>;

export type ValidationText = typeof en.validation;

/** "{0} of {1}" with its arguments: the site's one interpolator, here beside the texts it fills. */
export { fmt } from '../../lib/plural.ts';

/** A plain text of a namespace (messages with a number need theirs, so they are not looked up by key). */
export function textOf(texts: object, key: string): string | undefined {
  const text = (texts as Record<string, unknown>)[key];
  return typeof text === 'string' ? text : undefined;
}

/** The plain texts of namespaces as one lookup, later ones first (a form's messages by key). */
export function plainTexts(...namespaces: object[]): Record<string, string> {
  return Object.fromEntries(namespaces.flatMap((ns) => Object.entries(ns).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
}

/** A catalogue key from a schema or the server as text: validation first, then account, else "Please enter a valid value." */
export function messageOf(key: string | undefined, v: ValidationText, t: AccountText): string | undefined {
  if (!key) return undefined;
  return textOf(v, key) ?? textOf(t, key) ?? v.invalid_value;
}

/** A refusal's catalogue key as text, "Action failed." when it has none of its own. */
export function refusalOf(key: string | undefined, v: ValidationText, t: AccountText): string {
  return (key && (textOf(v, key) ?? textOf(t, key))) || v.action_failed;
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function today(): string {
  return dayKey(new Date());
}

/** A date's YYYY-MM-DD in the browser's time zone. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `days` days before (negative: after) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayKey(new Date(y, m - 1, d + days));
}
