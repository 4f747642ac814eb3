// The Verification tab's calls: the player's status and documents, and the upload. The
// upload is multipart with a body limit of its own (the JSON limit would refuse any
// document); the file's name and type as the client gave them are never used.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Refusal } from '../../../shared/api.ts';
import type { Reply } from '../../../shared/contract/index.ts';
import { hasForbiddenCharacters, noParams } from '../../../shared/schemas/common.ts';
import { uploadDocumentParams } from '../../../shared/schemas/identity.ts';
import { type AuthEnv, requireLivePlayer, requirePlayer } from '../../http-auth.ts';
import { consume, giveBack, LIMITS, limitKey } from '../../auth/rate-limit.ts';
import type { ServerContext } from '../../context.ts';
import { fieldErrors, HttpError, parseBody, refusal, tooManyAttempts } from '../../http.ts';
import { uploadDocument, verificationOf } from '../../identity/service.ts';

/** The upload's path under /api, which app.ts exempts from the JSON body limit. */
export const UPLOAD_PATH = '/api/front/upload_identity_document';

/** Room for the multipart envelope and the `kind` field around the file. */
const ENVELOPE_BYTES = 16_384;

/** A client's file name is only looked at to refuse one that tries to be a path. */
function pathLike(name: string): boolean {
  return name.length > 255 || /[/\\]/.test(name) || name.includes('..') || hasForbiddenCharacters(name) || name.trim() === '';
}

export function identityRoutes(ctx: ServerContext) {
  const player = requirePlayer(ctx);
  const livePlayer = requireLivePlayer(ctx);
  const tooLarge = (c: { json: (body: Refusal, status: 413) => Response }) => c.json(refusal('document_too_large'), 413);
  return new Hono<AuthEnv>()
    .post('/get_verification', player, async (c) => {
      await parseBody(c, noParams);
      const verification = await verificationOf(ctx, c.get('player').playerId);
      return c.json({ status: 1, verification } satisfies Reply<'front/get_verification'>);
    })
    .post('/upload_identity_document', bodyLimit({ maxSize: ctx.config.identityMaxBytes + ENVELOPE_BYTES, onError: tooLarge }), livePlayer, async (c) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        // A JSON body gets the same field checks as every call (bad text named), then the answer that a file is needed.
        await parseBody(c, uploadDocumentParams);
        throw new HttpError(400, 'multipart_required');
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new HttpError(400, 'multipart_required');
      }
      const parsed = uploadDocumentParams.safeParse({ kind: form.get('kind') ?? undefined });
      if (!parsed.success) throw new HttpError(400, 'validation_failed', fieldErrors(parsed.error));
      const files = form.getAll('file');
      const file = files[0];
      if (files.length !== 1 || !(file instanceof File)) throw new HttpError(400, 'validation_failed', { file: 'document_required' });
      if (pathLike(file.name)) throw new HttpError(400, 'validation_failed', { file: 'invalid_file_name' });
      if (file.size > ctx.config.identityMaxBytes) return tooLarge(c);
      const { playerId } = c.get('player');
      const uploads = limitKey('identity-upload', 'player', playerId);
      if (!(await consume(ctx.database.db, uploads, LIMITS.identityUploadPerPlayer))) return tooManyAttempts(c, LIMITS.identityUploadPerPlayer.windowSeconds);
      const result = await uploadDocument(ctx, playerId, parsed.data.kind, new Uint8Array(await file.arrayBuffer()));
      if (!result.ok) {
        // The limit guards the disk, and a refused file was never kept: a player fixing a file is not counted down.
        await giveBack(ctx.database.db, uploads);
        if (result.message === 'document_too_large') return tooLarge(c);
        return c.json(refusal(result.message, result.message.startsWith('document_') ? { file: result.message } : undefined));
      }
      return c.json({ status: 1, document: result.document, verification: result.verification } satisfies Reply<'front/upload_identity_document'>);
    });
}
