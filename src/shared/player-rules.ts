// The player rules that need no validation library: limits, ages, the sign-up
// languages and country codes. Islands import these without pulling zod into the
// first page load; src/shared/schemas/player.ts builds its schemas on them.
/** SPEC §9: the defaults; the server may raise the password minimum through settings. */
export const PASSWORD_MIN_LENGTH = 3;
export const MINIMUM_AGE = 18;
/** Dial code digits plus local number digits, together. */
export const MIN_PHONE_DIGITS = 7;

/** Upper bounds of every free-text field; beyond them the field's `*_too_long` key applies. */
export const FIELD_LIMITS = {
  usernameMin: 3,
  username: 30,
  password: 128,
  email: 254,
  firstName: 50,
  lastName: 50,
  city: 100,
  address: 200,
  postalCode: 20,
  /** E.164: at most 15 digits with the country code. */
  phoneDigits: 15,
  promoCode: 50,
  trackingCode: 100,
} as const;

/** The languages the sign-up form offers (SPEC §9); the profile accepts every site locale. */
export const SIGN_UP_LOCALES = ['en', 'fr', 'fi', 'de', 'it', 'se', 'no', 'in'] as const;

// ISO 3166-1 alpha-2, plus XK (Kosovo) which phone and country pickers list too.
const COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM ' +
    'CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY ' +
    'HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF ' +
    'MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE ' +
    'RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ ' +
    'VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/** Whole years between `birthday` (YYYY-MM-DD) and `today`, in UTC; undefined for an impossible date. */
export function ageOn(birthday: string, today: Date = new Date()): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/** The latest birthday that is old enough today: the sign-up picker's maximum date. */
export function latestBirthday(today: Date = new Date()): string {
  const y = today.getUTCFullYear() - MINIMUM_AGE;
  const m = today.getUTCMonth();
  // 29 February turns into 28 February in a year that has none.
  const d = Math.min(today.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
