// Identity verification: the player's Verification tab (status and uploads) and the staff
// review desk (pending players, their documents, approve, refuse, ask for another).
import type { Ok, Refusal } from '../api.ts';
import type { PendingVerification, PlayerVerificationReply, UploadReply, VerificationReply } from '../identity.ts';
import { noParams } from '../schemas/common.ts';
import {
  documentParams,
  playerVerificationParams,
  refuseVerificationParams,
  requestDocumentParams,
  updatePlayerCountryParams,
  uploadDocumentParams,
} from '../schemas/identity.ts';
import { post, reply } from './define.ts';

export const identity = {
  'front/get_verification': post(noParams, reply<VerificationReply>()),
  /** multipart/form-data: `kind` and `file` (JPEG, PNG, WebP or PDF up to the configured size). */
  'front/upload_identity_document': post(uploadDocumentParams, reply<UploadReply | Refusal>()),
  'admin/get_pending_verifications': post(noParams, reply<Ok & { players: PendingVerification[] }>()),
  'admin/get_player_verification': post(playerVerificationParams, reply<PlayerVerificationReply | Refusal>()),
  /** The document's bytes as an attachment (`Content-Disposition: attachment`, `nosniff`); a refusal as JSON. */
  'admin/get_identity_document': post(documentParams, reply<Blob | Refusal>()),
  'admin/approve_verification': post(playerVerificationParams, reply<(Ok & { state: string }) | Refusal>()),
  'admin/refuse_verification': post(refuseVerificationParams, reply<(Ok & { state: string }) | Refusal>()),
  'admin/request_identity_document': post(requestDocumentParams, reply<(Ok & { state: string }) | Refusal>()),
  /** The player's registered country, which decides their market; players cannot change it. Audited. */
  'admin/update_player_country': post(updatePlayerCountryParams, reply<(Ok & { country: string; previous: string }) | Refusal>()),
};
