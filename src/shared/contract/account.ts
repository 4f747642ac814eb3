// The player's account: sign-up and activation, the profile, the password and the
// forgotten-credential calls.
import type { Ok, Refusal } from '../api.ts';
import { activateAccountParams, registrationBonusParams, resetPasswordParams, sendUsernameParams } from '../schemas/auth.ts';
import { noParams } from '../schemas/common.ts';
import {
  changePasswordParams,
  confirmPasswordResetParams,
  registerPlayerParams,
  updateProfileParams,
  validatePlayerNameParams,
  validatePromoCodeParams,
} from '../schemas/player.ts';
import type { ActivateAccountReply, RegistrationBonusReply } from '../wallet.ts';
import { post, reply } from './define.ts';

/** The profile as the Profile tab reads it. */
export interface PlayerProfile {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  email_verified: boolean;
  birthday: string;
  gender: 'male' | 'female';
  address: string;
  postal_code: string;
  city: string;
  country: string;
  phone_number: string;
  interface_local: string;
  notify_newletter: boolean;
}

export interface PlayerProfileReply extends Ok {
  player: PlayerProfile;
}

/** `front/update_profile`: the profile as it now is. */
export interface UpdatedProfileReply extends Ok {
  player: PlayerProfile | undefined;
}

export const account = {
  'front/validate_player_name': post(validatePlayerNameParams, reply<Ok | Refusal>()),
  'front/register_player': post(registerPlayerParams, reply<Ok | Refusal>()),
  'front/activate_account': post(activateAccountParams, reply<ActivateAccountReply | Refusal>()),
  'front/get_registration_bonus': post(registrationBonusParams, reply<RegistrationBonusReply>()),
  /** status 0: no such code; `message` says when it exists but not in the player's currency. */
  'front/validate_promo_code': post(validatePromoCodeParams, reply<{ status: 0 | 1; message?: string }>()),
  'front/get_player_profile': post(noParams, reply<PlayerProfileReply>()),
  'front/update_profile': post(updateProfileParams, reply<UpdatedProfileReply>()),
  'front/update_player_password': post(changePasswordParams, reply<Ok | Refusal>()),
  'front/reset_player_password': post(resetPasswordParams, reply<Ok>()),
  'front/confirm_password_reset': post(confirmPasswordResetParams, reply<Ok | Refusal>()),
  'front/send_player_username': post(sendUsernameParams, reply<Ok>()),
};
