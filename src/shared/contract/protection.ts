// Player protection: the safer-gambling tab's limits, reality check, breaks and closure,
// and the game page's answer to a reality check.
import type { Ok, Refusal } from '../api.ts';
import type { ConfirmLimitReply, ProtectionRefusal, RealityCheckInfo, SaferGamblingReply, SetLimitReply, TakeBreakReply } from '../protection.ts';
import {
  closeAccountParams,
  confirmLimitParams,
  realityCheckParams,
  setLimitParams,
  studioRealityCheckParams,
  takeBreakParams,
} from '../schemas/protection.ts';
import { noParams } from '../schemas/common.ts';
import { post, reply } from './define.ts';

export const protection = {
  'front/get_safer_gambling': post(noParams, reply<SaferGamblingReply>()),
  'front/set_player_limit': post(setLimitParams, reply<SetLimitReply | Refusal>()),
  'front/confirm_player_limit': post(confirmLimitParams, reply<ConfirmLimitReply | Refusal>()),
  'front/set_reality_check': post(realityCheckParams, reply<Ok & { reality_check_minutes: number | null }>()),
  'front/take_break': post(takeBreakParams, reply<TakeBreakReply | Refusal>()),
  'front/close_account': post(closeAccountParams, reply<Ok | Refusal>()),
  'studio/reality_check': post(studioRealityCheckParams, reply<(Ok & { reality: RealityCheckInfo }) | ProtectionRefusal | Refusal>()),
};
