// Provably fair rounds (the player's seeds, rotating them, one round's details) and the
// crash game's shared rounds, as the game pages and the account call them.
import type { Ok, Refusal } from '../api.ts';
import type { CrashBetView } from '../crash.ts';
import {
  crashBetParams,
  crashCashoutParams,
  crashStateParams,
  type FairnessReply,
  fairnessParams,
  type RotateSeedReply,
  type RoundDetails,
  rotateSeedParams,
  roundDetailsParams,
  studioFairnessParams,
  studioRotateSeedParams,
} from '../schemas/games.ts';
import { post, reply } from './define.ts';

/** What the crash page reads of its launch: the game, the round in play and the player's bet. */
export type CrashStateReply = Ok & Record<string, unknown> & { houseEdge: number; rtp: number };

export const fairness = {
  'front/get_fairness': post(fairnessParams, reply<FairnessReply>()),
  'front/rotate_seed': post(rotateSeedParams, reply<RotateSeedReply | Refusal>()),
  'front/get_round_details': post(roundDetailsParams, reply<(Ok & { round: RoundDetails }) | Refusal>()),
  'studio/fairness': post(studioFairnessParams, reply<FairnessReply | Refusal>()),
  'studio/rotate_seed': post(studioRotateSeedParams, reply<RotateSeedReply | Refusal>()),
  'studio/crash/state': post(crashStateParams, reply<CrashStateReply | Refusal>()),
  'studio/crash/bet': post(crashBetParams, reply<(Ok & { bet: CrashBetView }) | Refusal>()),
  'studio/crash/cashout': post(crashCashoutParams, reply<(Ok & { bet: CrashBetView }) | Refusal>()),
};
