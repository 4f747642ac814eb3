// The "protection" namespace: the safer-gambling tab's texts and the words of a refusal by a
// limit or a break. A module of its own so that only the tabs that show them load them.
import * as en from '../../../locales/en.json';
import { fmt } from '../../lib/plural.ts';
import { count, i18n } from '../../stores/i18n.ts';

export const protectionText = i18n('protection', { ...en.protection, session_minutes: count(en.protection.session_minutes) });
export type ProtectionText = ReturnType<typeof protectionText.get>;

/** The `protection` texts as a `t(key, ...args)` (counted messages take their number). */
export function protectionWords(g: ProtectionText): (key: string, ...args: (string | number)[]) => string {
  return (key, ...args) => {
    const text = (g as Record<string, unknown>)[key];
    if (typeof text === 'function') return String((text as (n: number) => string)(Number(args[0])));
    return typeof text === 'string' ? fmt(text, ...args) : key;
  };
}
