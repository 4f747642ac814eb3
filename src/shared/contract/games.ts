// The lobby (games, providers, launch links), the game pages' studio calls, and the
// studio's wallet callback (server to server, signed).
import type { BalanceInfo, Ok, Refusal } from '../api.ts';
import {
  gameProvidersParams,
  gamesParams,
  gameUrlParams,
  type ListedGame,
  type StudioRoundReply,
  type StudioSessionReply,
  studioActParams,
  studioSessionParams,
  studioStartParams,
} from '../schemas/games.ts';
import { gameBetParams, gameRollbackParams, gameWinParams } from '../schemas/wallet.ts';
import { post, reply } from './define.ts';

export interface Provider {
  id: number;
  provider_name: string;
}

export interface GamesReply extends Ok {
  gameList: { count: number; rows: ListedGame[] };
}

export interface ProvidersReply extends Ok {
  gameProviderList: Provider[];
}

export interface GameUrlReply extends Ok {
  /** The game page, its launch token in the fragment. */
  gameURL: string;
}

/** A studio refusal may carry the balance the page should now show. */
export type StudioRefusal = Refusal & { balance?: number };

/** The wallet callback's answer to a bet, win or rollback. */
export type GameWalletReply = (Ok & { transactionId: number; balance: BalanceInfo }) | (Refusal & { balance?: BalanceInfo });

export const games = {
  'front/get_games': post(gamesParams, reply<GamesReply>()),
  'front/get_game_providers': post(gameProvidersParams, reply<ProvidersReply>()),
  'front/get_game_url': post(gameUrlParams, reply<GameUrlReply | Refusal>()),
  'studio/session': post(studioSessionParams, reply<StudioSessionReply>()),
  'studio/start': post(studioStartParams, reply<StudioRoundReply>()),
  'studio/act': post(studioActParams, reply<StudioRoundReply>()),
  'games/wallet/bet': post(gameBetParams, reply<GameWalletReply>()),
  'games/wallet/win': post(gameWinParams, reply<GameWalletReply>()),
  'games/wallet/rollback': post(gameRollbackParams, reply<GameWalletReply>()),
};
