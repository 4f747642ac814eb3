// Texts and small helpers every account tab shares: the "account" namespace, the menu's
// tab labels, the validation messages, and how a failed call is read.
import { atom } from 'nanostores';
import en from '../../../locales/en.json';
import { i18n } from '../../stores/i18n.ts';

export const accountText = i18n('account', en.account);
export const menuText = i18n('menu', en.menu);
export const validationText = i18n('validation', en.validation);

export type AccountText = typeof en.account;
export type ValidationText = typeof en.validation;

/** "{0} of {1}" with its arguments. */
export function fmt(text: string, ...args: (string | number)[]): string {
  return text.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
}

/** A catalogue key from a schema or the server as text: validation first, then account, else "Please enter a valid value." */
export function messageOf(key: string | undefined, v: ValidationText, t: AccountText): string | undefined {
  if (!key) return undefined;
  return (v as Record<string, string>)[key] ?? (t as Record<string, string>)[key] ?? v.invalid_value;
}

/** A refusal's catalogue key as text, "Action failed." when it has none of its own. */
export function refusalOf(key: string | undefined, v: ValidationText, t: AccountText): string {
  return (key && ((v as Record<string, string>)[key] ?? (t as Record<string, string>)[key])) || v.action_failed;
}

interface CallError {
  status?: number;
  data?: { message?: unknown; errors?: unknown };
}

/** The HTTP status of a failed call (ofetch's FetchError), if it got that far. */
export function httpStatusOf(error: unknown): number | undefined {
  return (error as CallError | null)?.status;
}

/** Field name → catalogue key of a 400 reply. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const errors = (error as CallError | null)?.data?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined;
}

/** The mail box's unread count, for the badge in the tab label. */
export const $unread = atom<number | null>(null);

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
