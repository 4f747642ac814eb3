// The identity calls' params. The upload is multipart: its `kind` field is checked here,
// its file by the server's content check (src/server/identity/files.ts).
import { DOCUMENT_KINDS, VERIFICATION_REASONS } from '../identity.ts';
import { text, z } from './common.ts';
import { country } from './player.ts';

const kind = z.enum(DOCUMENT_KINDS, { error: 'invalid_value' });
const reason = z.enum(VERIFICATION_REASONS, { error: 'invalid_value' });
const playerId = z.number({ error: 'field_required' }).int().positive().max(2_147_483_647);

/** The form fields of `front/upload_identity_document` besides the file. */
export const uploadDocumentParams = z.object({ kind }).loose();
export const playerVerificationParams = z.object({ playerId }).loose();
export const documentParams = z.object({ id: z.number({ error: 'field_required' }).int().positive().max(Number.MAX_SAFE_INTEGER) }).loose();
export const refuseVerificationParams = z.object({ playerId, reason }).loose();
export const requestDocumentParams = z.object({ playerId, kind, reason }).loose();
/** `admin/update_player_country`: the registered country (the market's rules follow it), and why staff change it. */
export const updatePlayerCountryParams = z.object({ playerId, country, note: text({ max: 500, multiline: true, trim: true }).optional() }).loose();
