// The "menu" namespace (login, register, deposit, the account menu's items): the header,
// the account panel and page, the lobby and the sportsbook all speak it, through this one store.
import * as en from '../../../locales/en.json';
import { i18n } from '../../stores/i18n.ts';

export const menuText = i18n('menu', en.menu);
