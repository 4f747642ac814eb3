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
}

export interface HealthReply {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  uptime: number;
}

/** Balances as the contract sends them: numbers with two decimals, in the player's currency. */
export interface BalanceInfo {
  total_balance: number;
  real_balance: number;
  bonus_balance: number;
  locked_balance: number;
}
