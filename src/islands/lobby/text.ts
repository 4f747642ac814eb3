// The catalogue namespaces the lobby islands speak: lobby texts, the common free-play
// notice, and the menu's login, register and deposit labels.
import en from '../../../locales/en.json';
import { i18n } from '../../stores/i18n.ts';

export const lobbyText = i18n('lobby', en.lobby);
export const commonText = i18n('common', en.common);
export const menuText = i18n('menu', en.menu);

/** "{0} games found" with its argument. */
export function fmt(text: string, ...args: (string | number)[]): string {
  return text.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
}
