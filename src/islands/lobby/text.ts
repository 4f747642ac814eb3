// The catalogue namespaces the lobby islands speak: lobby texts, the common free-play
// notice, and the menu's login, register and deposit labels.
import * as en from '../../../locales/en.json';
import { count, i18n } from '../../stores/i18n.ts';

export const lobbyText = i18n('lobby', { ...en.lobby, results_count: count(en.lobby.results_count) });
export const commonText = i18n('common', en.common);
export { menuText } from '../site/menu-text.ts';
