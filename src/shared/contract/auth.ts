// The session: login, the current player, the refresh token's rotation and the logout.
import type { BalanceInfo, Ok } from '../api.ts';
import { loginParams } from '../schemas/auth.ts';
import { noParams } from '../schemas/common.ts';
import { get, post, reply } from './define.ts';
import type { SecondFactorRequiredReply } from './security.ts';

/** The logged-in player as `GET front/auth/player` sends it (contract §3.3), balances included. */
export interface SessionPlayer extends BalanceInfo {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  phone_number: string;
  scope: string[];
}

export interface TokenReply extends Ok {
  /** A 15-minute access token, kept in memory and sent as a Bearer header. */
  accessToken: string;
}

export interface SessionPlayerReply extends Ok {
  /** null for a guest (no token). */
  player: SessionPlayer | null;
}

export const auth = {
  // Refused logins answer 401 `failed_login`, so a 2xx is a token, or, for an account with
  // a second factor, the ticket of the second step (`front/auth/second_factor`).
  'front/auth/login': post(loginParams, reply<TokenReply | SecondFactorRequiredReply>()),
  'front/auth/login/': post(loginParams, reply<TokenReply | SecondFactorRequiredReply>()),
  'front/auth/player': get(noParams, reply<SessionPlayerReply>()),
  'front/auth/refresh': post(noParams, reply<TokenReply>()),
  'front/auth/logout': post(noParams, reply<Ok>()),
};
