// Reply shapes shared by the server and the islands. Every reply carries
// `status`: 1 for success, 0 for a negative answer (with `message`, a catalogue key).
export interface Ok {
  status: 1;
}

export interface Refusal {
  status: 0;
  message: string;
  /** Field name → catalogue key, for 400 validation replies. */
  errors?: Record<string, string>;
  requestId?: string;
}

export interface SettingReply extends Ok {
  /** `chat_script_url`: a third-party chat widget to load instead of the built-in chat. */
  setting: { country_black_list: string[]; ip_black_list: string[]; chat_script_url?: string };
  /**
   * What the visitor's market (their address's country, as the visitor gate sees it) shows
   * on every page: the 18+ notice in the footer, and whether guests may play for fun.
   */
  market: { age_notice: boolean; guest_free_play: boolean };
}

export interface HealthReply {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  uptime: number;
}

/** Balances as the contract sends them: numbers with two decimals, in the player's currency. */
export interface BalanceInfo {
  /** The player's wallet currency (ISO 4217), whatever the page's locale. */
  currency: string;
  total_balance: number;
  real_balance: number;
  bonus_balance: number;
  locked_balance: number;
}
