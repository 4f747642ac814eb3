// The "welcome" namespace as the welcome dialog and the activation page speak it:
// their countdowns count seconds in the page's language.
import * as en from '../../../locales/en.json';
import { count, i18n } from '../../stores/i18n.ts';

export const welcomeText = i18n('welcome', {
  ...en.welcome,
  redirect_in: count(en.welcome.redirect_in),
  activated_redirect: count(en.welcome.activated_redirect),
});
