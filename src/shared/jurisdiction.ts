// Jurisdiction profiles: the rules that change from one market to another, as data. The
// settings hold the profiles by name and which country uses which; a country without an
// entry uses `default`, whose values are SPEC.md's rules as written.

export interface JurisdictionProfile {
  /** Real-money play only once the player's identity is verified. */
  verification_before_play: boolean;
  /** Withdrawals only once the player's identity is verified. */
  verification_before_withdrawal: boolean;
  /** Deposits by credit card (debit and prepaid cards are always taken). */
  credit_card_deposits: boolean;
  /** A pending withdrawal may be cancelled (reversed) by the player. */
  withdrawal_cancel: boolean;
  /** The shortest password accepted at registration and on a change. */
  password_min_length: number;
  /** Refuse passwords of the common-passwords list. */
  refuse_common_passwords: boolean;
  /** Guests may play for fun without an account. */
  guest_free_play: boolean;
  /** The licence line and the 18+ notice in the footer of this market's pages. */
  licence_notice: boolean;
  /** The reality-check interval a player registering here starts with (20–60 minutes); null: the site's (60). */
  reality_check_minutes: number | null;
}

export const DEFAULT_PROFILE: JurisdictionProfile = {
  verification_before_play: false,
  verification_before_withdrawal: true,
  credit_card_deposits: true,
  withdrawal_cancel: true,
  password_min_length: 3,
  refuse_common_passwords: false,
  guest_free_play: true,
  licence_notice: false,
  reality_check_minutes: null,
};

/** Modelled on the UK Gambling Commission's rules. */
export const STRICT_PROFILE: JurisdictionProfile = {
  verification_before_play: true,
  verification_before_withdrawal: true,
  credit_card_deposits: false,
  withdrawal_cancel: false,
  password_min_length: 12,
  refuse_common_passwords: true,
  guest_free_play: false,
  licence_notice: true,
  reality_check_minutes: 30,
};

export const BUILT_IN_PROFILES: Record<string, JurisdictionProfile> = { default: DEFAULT_PROFILE, strict: STRICT_PROFILE };

/** Which profile each country uses by default (ISO 3166 alpha-2). */
export const DEFAULT_PROFILE_BY_COUNTRY: Record<string, string> = { GB: 'strict' };
