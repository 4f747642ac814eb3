// The identity review desk's staff calls (scope admin): thin wrappers of identity/service.ts,
// and the registered country, which support changes once it has checked the player's identity.
// A document is answered as an attachment with nosniff, so no browser renders it as a page.
import { Hono } from 'hono';
import type { Reply } from '../../../shared/contract/index.ts';
import { noParams } from '../../../shared/schemas/common.ts';
import {
  documentParams,
  playerVerificationParams,
  refuseVerificationParams,
  requestDocumentParams,
  updatePlayerCountryParams,
} from '../../../shared/schemas/identity.ts';
import type { AuthEnv } from '../../http-auth.ts';
import type { ServerContext } from '../../context.ts';
import { parseBody, refusal } from '../../http.ts';
import { type Actor, changeCountry, type DecisionResult, decide, documentForStaff, pendingVerifications, playerVerification } from '../../identity/service.ts';

export function adminIdentityRoutes(ctx: ServerContext) {
  const staff = (c: { get: (k: 'player') => { playerId: number } }): Actor => ({ staffId: c.get('player').playerId, via: 'api' });
  const answer = (r: DecisionResult) => (r.ok ? { status: 1 as const, state: r.status } : refusal(r.message));
  return new Hono<AuthEnv>()
    .post('/get_pending_verifications', async (c) => {
      await parseBody(c, noParams);
      return c.json({ status: 1, players: await pendingVerifications(ctx) } satisfies Reply<'admin/get_pending_verifications'>);
    })
    .post('/get_player_verification', async (c) => {
      const { playerId } = await parseBody(c, playerVerificationParams);
      const found = await playerVerification(ctx, playerId);
      if (!found) return c.json(refusal('player_not_found'));
      return c.json({ status: 1, player_id: playerId, ...found } satisfies Reply<'admin/get_player_verification'>);
    })
    .post('/get_identity_document', async (c) => {
      const { id } = await parseBody(c, documentParams);
      const doc = await documentForStaff(ctx, staff(c), id);
      if (!doc) return c.json(refusal('document_not_found'), 404);
      return new Response(new Uint8Array(doc.bytes), {
        headers: {
          'Content-Type': doc.mime,
          'Content-Length': String(doc.bytes.length),
          'Content-Disposition': `attachment; filename="${doc.fileName}"`,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'no-store',
        },
      });
    })
    .post('/approve_verification', async (c) => {
      const { playerId } = await parseBody(c, playerVerificationParams);
      return c.json(answer(await decide(ctx, staff(c), playerId, { outcome: 'approve' })) satisfies Reply<'admin/approve_verification'>);
    })
    .post('/refuse_verification', async (c) => {
      const { playerId, reason } = await parseBody(c, refuseVerificationParams);
      return c.json(answer(await decide(ctx, staff(c), playerId, { outcome: 'refuse', reason })) satisfies Reply<'admin/refuse_verification'>);
    })
    .post('/request_identity_document', async (c) => {
      const { playerId, kind, reason } = await parseBody(c, requestDocumentParams);
      return c.json(answer(await decide(ctx, staff(c), playerId, { outcome: 'more', kind, reason })) satisfies Reply<'admin/request_identity_document'>);
    })
    .post('/update_player_country', async (c) => {
      const { playerId, country, note } = await parseBody(c, updatePlayerCountryParams);
      const changed = await changeCountry(ctx, staff(c), playerId, country, note);
      if (!changed.ok) return c.json(refusal(changed.message));
      return c.json({ status: 1, country: changed.country, previous: changed.previous } satisfies Reply<'admin/update_player_country'>);
    });
}
