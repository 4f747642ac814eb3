// Identity verification: a player's documents in, a verifier's or staff's decision out.
// Each change of a player's verification runs in one transaction holding their
// verification row's lock, so an upload and a decision arriving together cannot
// interleave; the verifier runs after the upload's reply and decides only on the
// documents it was shown (a newer upload makes its answer stale). Every staff action and
// every verifier decision is written to identity_audit; the player gets a mailbox message
// in their language when their status changes.
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AuditRow,
  DocumentKind,
  DocumentView,
  PendingVerification,
  VerificationReason,
  VerificationStatus,
  VerificationView,
} from '../../shared/identity.ts';
import type { ServerContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { identityAudit, identityDocuments, identityVerifications, players } from '../db/schema/index.ts';
import { catalogueTexts, deliverToMailbox, fillText } from '../support/mailbox.ts';
import { checkDocument } from './files.ts';
import { discardDocument, readDocument, storeDocument } from './storage.ts';
import { type VerifierDecision, verifierNamed } from './verifiers/index.ts';

type DocumentRow = typeof identityDocuments.$inferSelect;

/** Who acted: a staff account through the API, the command line, or a verifier. */
export interface Actor {
  staffId: number | null;
  via: string;
}

/** Statuses whose documents still count (a refused or replaced one does not). */
const LIVE: DocumentRow['status'][] = ['pending', 'approved'];

const viewOf = (d: DocumentRow): DocumentView => ({
  id: d.id,
  kind: d.kind,
  mime: d.mime,
  size: d.size,
  status: d.status,
  created_at: d.createdAt.toISOString(),
});

async function statusRow(db: Executor, playerId: number) {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.playerId, playerId));
  return row;
}

/** The player's verification as the Verification tab shows it. */
export async function verificationOf(ctx: ServerContext, playerId: number, db: Executor = ctx.database.db): Promise<VerificationView> {
  const [row, docs] = await Promise.all([
    statusRow(db, playerId),
    db.select().from(identityDocuments).where(eq(identityDocuments.playerId, playerId)).orderBy(desc(identityDocuments.id)).limit(50),
  ]);
  return {
    status: row?.status ?? 'unverified',
    reason: (row?.reason as VerificationReason | null) ?? null,
    requested_kind: row?.requestedKind ?? null,
    max_bytes: ctx.config.identityMaxBytes,
    documents: docs.map(viewOf),
  };
}

/** Whether the player's identity is verified. */
export async function isVerified(db: Executor, playerId: number): Promise<boolean> {
  return (await statusRow(db, playerId))?.status === 'verified';
}

/** Locks the player's verification row, creating it first. */
async function lockStatus(tx: Executor, playerId: number) {
  await tx.insert(identityVerifications).values({ playerId }).onConflictDoNothing();
  const [row] = await tx.select().from(identityVerifications).where(eq(identityVerifications.playerId, playerId)).for('update');
  return row as typeof identityVerifications.$inferSelect;
}

// --- Mailbox messages, in the player's language (the `verification` catalogue). ---

const texts = (locale: string) => catalogueTexts(locale, 'verification');
const fill = fillText;

async function tellPlayer(tx: Executor, playerId: number, status: VerificationStatus, reason: string | null, kind: DocumentKind | null) {
  const [p] = await tx.select({ locale: players.interfaceLocal }).from(players).where(eq(players.id, playerId));
  const t = texts(p?.locale ?? 'en');
  const reasonText = reason ? (t[`reason_${reason}`] ?? reason) : '';
  const body =
    status === 'verified'
      ? t.mail_verified
      : status === 'refused'
        ? fill(t.mail_refused ?? '', reasonText)
        : status === 'more_needed'
          ? fill(t.mail_more_needed ?? '', t[`kind_${kind ?? 'identity'}`] ?? '', reasonText)
          : undefined;
  if (!body || !t.mail_subject) return;
  await deliverToMailbox(tx, { playerId, threadId: null, subject: t.mail_subject, body });
}

async function audit(db: Executor, who: Actor, action: string, playerId: number, details: Record<string, unknown> = {}) {
  await db.insert(identityAudit).values({ staffId: who.staffId, via: who.via, action, playerId, details });
}

// --- Upload. ---

export type UploadResult =
  | { ok: true; document: DocumentView; verification: VerificationView }
  | {
      ok: false;
      message:
        | 'document_type_not_accepted'
        | 'document_damaged'
        | 'document_active_content'
        | 'document_too_large'
        | 'verification_refused'
        | 'already_verified';
    };

/** Verifications waiting to run, per server, so a test (or shutdown) can wait for them. */
const running = new WeakMap<ServerContext, Set<Promise<void>>>();

/** Resolves when every verifier run started so far has finished. */
export async function settleVerifications(ctx: ServerContext): Promise<void> {
  while ((running.get(ctx)?.size ?? 0) > 0) await Promise.all([...(running.get(ctx) ?? [])]);
}

function schedule(ctx: ServerContext, playerId: number, documentIds: number[]) {
  const set = running.get(ctx) ?? new Set<Promise<void>>();
  running.set(ctx, set);
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runVerifier(ctx, playerId, documentIds))
    .catch((error: unknown) => ctx.logger.error({ err: error, playerId }, 'identity verifier failed; the player waits for staff'))
    .finally(() => set.delete(run));
  set.add(run);
}

/**
 * Checks and stores one document of the player. The bytes are checked before anything is
 * written; the file is written before its row, and removed again if the row is not.
 */
export async function uploadDocument(ctx: ServerContext, playerId: number, kind: DocumentKind, bytes: Uint8Array): Promise<UploadResult> {
  if (bytes.length > ctx.config.identityMaxBytes) return { ok: false, message: 'document_too_large' };
  const checked = checkDocument(bytes);
  if (!checked.ok) return checked;
  const current = await statusRow(ctx.database.db, playerId);
  if (current?.status === 'refused') return { ok: false, message: 'verification_refused' };
  if (current?.status === 'verified') return { ok: false, message: 'already_verified' };

  const dir = ctx.config.identityDir;
  const storageName = await storeDocument(dir, bytes, checked.extension);
  let outcome: { result: UploadResult; run: number[] | undefined };
  try {
    outcome = await ctx.database.db.transaction(async (tx) => {
      const row = await lockStatus(tx, playerId);
      // Decided while the file was written: the same answers as above.
      if (row.status === 'refused') return { result: { ok: false, message: 'verification_refused' } as const, run: undefined };
      if (row.status === 'verified') return { result: { ok: false, message: 'already_verified' } as const, run: undefined };
      // The newer document of a kind replaces the one waiting before it.
      await tx
        .update(identityDocuments)
        .set({ status: 'replaced' })
        .where(and(eq(identityDocuments.playerId, playerId), eq(identityDocuments.kind, kind), eq(identityDocuments.status, 'pending')));
      const [doc] = await tx
        .insert(identityDocuments)
        .values({ playerId, kind, storageName, mime: checked.mime, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
        .returning();
      const live = await tx
        .select({ id: identityDocuments.id, kind: identityDocuments.kind })
        .from(identityDocuments)
        .where(and(eq(identityDocuments.playerId, playerId), inArray(identityDocuments.status, LIVE)));
      const complete = live.some((d) => d.kind === 'identity') && live.some((d) => d.kind === 'address');
      // Both documents in (or the one asked for again): to the verifier, and to staff after it.
      if (complete) {
        await tx
          .update(identityVerifications)
          .set({ status: 'pending', reason: null, requestedKind: null, updatedAt: sql`now()` })
          .where(eq(identityVerifications.playerId, playerId));
      }
      const verification = await verificationOf(ctx, playerId, tx);
      return { result: { ok: true, document: viewOf(doc as DocumentRow), verification } as const, run: complete ? live.map((d) => d.id) : undefined };
    });
  } catch (error) {
    await discardDocument(dir, storageName);
    throw error;
  }
  if (!outcome.result.ok) await discardDocument(dir, storageName);
  if (outcome.run) schedule(ctx, playerId, outcome.run);
  return outcome.result;
}

// --- Decisions. ---

export type Decision =
  | { outcome: 'approve' }
  | { outcome: 'refuse'; reason: VerificationReason }
  | { outcome: 'more'; kind: DocumentKind; reason: VerificationReason };

export type DecisionResult = { ok: true; status: VerificationStatus } | { ok: false; message: 'verification_not_pending' | 'player_not_found' };

/**
 * Applies a decision to a player whose verification is pending. `documentIds`, when
 * given, are the documents the decider saw: if they are no longer the live ones, the
 * decision is stale and nothing changes.
 */
export async function decide(ctx: ServerContext, who: Actor, playerId: number, decision: Decision, documentIds?: number[]): Promise<DecisionResult> {
  const [exists] = await ctx.database.db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  if (!exists) return { ok: false, message: 'player_not_found' };
  return ctx.database.db.transaction(async (tx) => {
    const row = await lockStatus(tx, playerId);
    if (row.status !== 'pending') return { ok: false, message: 'verification_not_pending' } as const;
    const live = await tx
      .select({ id: identityDocuments.id, kind: identityDocuments.kind })
      .from(identityDocuments)
      .where(and(eq(identityDocuments.playerId, playerId), inArray(identityDocuments.status, LIVE)))
      .orderBy(identityDocuments.id);
    if (documentIds && (live.length !== documentIds.length || live.some((d) => !documentIds.includes(d.id))))
      return { ok: false, message: 'verification_not_pending' } as const;
    const ids = live.map((d) => d.id);
    let status: VerificationStatus;
    let reason: string | null = null;
    let requestedKind: DocumentKind | null = null;
    if (decision.outcome === 'approve') {
      status = 'verified';
      if (ids.length > 0) await tx.update(identityDocuments).set({ status: 'approved' }).where(inArray(identityDocuments.id, ids));
    } else if (decision.outcome === 'refuse') {
      status = 'refused';
      reason = decision.reason;
      if (ids.length > 0) await tx.update(identityDocuments).set({ status: 'refused' }).where(inArray(identityDocuments.id, ids));
    } else {
      status = 'more_needed';
      reason = decision.reason;
      requestedKind = decision.kind;
      const asked = live.filter((d) => d.kind === decision.kind).map((d) => d.id);
      const others = live.filter((d) => d.kind !== decision.kind).map((d) => d.id);
      if (asked.length > 0) await tx.update(identityDocuments).set({ status: 'refused' }).where(inArray(identityDocuments.id, asked));
      if (others.length > 0) await tx.update(identityDocuments).set({ status: 'approved' }).where(inArray(identityDocuments.id, others));
    }
    await tx
      .update(identityVerifications)
      .set({ status, reason, requestedKind, decidedBy: who.via, updatedAt: sql`now()` })
      .where(eq(identityVerifications.playerId, playerId));
    const action = decision.outcome === 'approve' ? 'approve' : decision.outcome === 'refuse' ? 'refuse' : 'request_document';
    await audit(tx, who, action, playerId, { documents: ids, ...(reason ? { reason } : {}), ...(requestedKind ? { kind: requestedKind } : {}) });
    await tellPlayer(tx, playerId, status, reason, requestedKind);
    return { ok: true, status } as const;
  });
}

async function runVerifier(ctx: ServerContext, playerId: number, documentIds: number[]) {
  const verifier = verifierNamed(ctx.config.identityVerifier);
  const db = ctx.database.db;
  const [player] = await db
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, birthday: players.birthday, country: players.country })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player) return;
  const docs = await db.select().from(identityDocuments).where(inArray(identityDocuments.id, documentIds));
  const documents = await Promise.all(
    docs.map(async (d) => ({ id: d.id, kind: d.kind, mime: d.mime, bytes: await readDocument(ctx.config.identityDir, d.storageName) })),
  );
  const decision: VerifierDecision = await verifier.check({ player: { ...player, birthday: String(player.birthday) }, documents });
  const who = { staffId: null, via: `verifier:${verifier.name}` };
  if (decision.outcome === 'review') {
    await audit(db, who, 'review', playerId, { documents: documentIds });
    return;
  }
  await decide(ctx, who, playerId, decision, documentIds);
}

// --- The staff desk. ---

export type CountryChange = { ok: true; country: string; previous: string } | { ok: false; message: 'player_not_found' };

/**
 * The registered country, which every market rule reads (jurisdiction profile, processors),
 * changed by staff once support has checked it against the player's identity; players cannot
 * change it. Audited with the old and the new country and staff's note.
 */
export async function changeCountry(ctx: ServerContext, who: Actor, playerId: number, country: string, note?: string): Promise<CountryChange> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ country: players.country }).from(players).where(eq(players.id, playerId)).for('no key update');
    if (!row) return { ok: false, message: 'player_not_found' } as const;
    if (row.country !== country) await tx.update(players).set({ country, updatedAt: sql`now()` }).where(eq(players.id, playerId));
    await audit(tx, who, 'change_country', playerId, { from: row.country, to: country, ...(note ? { note } : {}) });
    return { ok: true, country, previous: row.country } as const;
  });
}

/** Players whose documents wait for a decision, oldest first. */
export async function pendingVerifications(ctx: ServerContext): Promise<PendingVerification[]> {
  const rows = await ctx.database.db
    .select({
      player_id: identityVerifications.playerId,
      username: players.username,
      first_name: players.firstName,
      last_name: players.lastName,
      country: players.country,
      status: identityVerifications.status,
      updatedAt: identityVerifications.updatedAt,
    })
    .from(identityVerifications)
    .innerJoin(players, eq(players.id, identityVerifications.playerId))
    .where(eq(identityVerifications.status, 'pending'))
    .orderBy(identityVerifications.updatedAt)
    .limit(500);
  return rows.map(({ updatedAt, ...r }) => ({ ...r, updated_at: updatedAt.toISOString() }));
}

/** A player's verification, documents and audit trail, for staff. */
export async function playerVerification(ctx: ServerContext, playerId: number): Promise<{ verification: VerificationView; audit: AuditRow[] } | undefined> {
  const [exists] = await ctx.database.db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  if (!exists) return undefined;
  const trail = await ctx.database.db.select().from(identityAudit).where(eq(identityAudit.playerId, playerId)).orderBy(desc(identityAudit.id)).limit(200);
  return {
    verification: await verificationOf(ctx, playerId),
    audit: trail.map((a) => ({
      id: a.id,
      staff_id: a.staffId,
      via: a.via,
      action: a.action,
      player_id: a.playerId,
      details: a.details,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

/** A document's bytes for staff; the viewing is audited. */
export async function documentForStaff(
  ctx: ServerContext,
  who: Actor,
  id: number,
): Promise<{ bytes: Buffer; mime: string; fileName: string; playerId: number } | undefined> {
  const [doc] = await ctx.database.db.select().from(identityDocuments).where(eq(identityDocuments.id, id));
  if (!doc) return undefined;
  const bytes = await readDocument(ctx.config.identityDir, doc.storageName);
  await audit(ctx.database.db, who, 'view_document', doc.playerId, { document: id });
  return { bytes, mime: doc.mime, fileName: `player-${doc.playerId}-${doc.kind}-${doc.id}.${doc.storageName.split('.')[1]}`, playerId: doc.playerId };
}
