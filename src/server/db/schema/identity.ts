// Identity verification: the documents a player uploaded (stored as files under random
// names outside the web root; only their description is here), the player's verification
// state, and every staff action on them.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DocumentKind, DocumentStatus, VerificationStatus } from '../../../shared/identity.ts';
import { players } from './players.ts';

export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** The file's name in the identity directory: random, never the client's. */
    storageName: text('storage_name').notNull().unique(),
    /** The type the content was checked to be (not what the client said). */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_documents_player_idx').on(t.playerId, t.id),
    check('identity_documents_kind', sql`${t.kind} in ('identity','address')`),
    check('identity_documents_status', sql`${t.status} in ('pending','approved','refused','replaced')`),
  ],
);

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id),
    status: text('status').$type<VerificationStatus>().notNull().default('unverified'),
    /** The catalogue key of a refusal or of a request for another document. */
    reason: text('reason'),
    /** The kind of document asked for again (`more_needed`). */
    requestedKind: text('requested_kind').$type<DocumentKind>(),
    /** Who decided last: `sandbox`, `staff`… */
    decidedBy: text('decided_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('identity_verifications_status', sql`${t.status} in ('unverified','pending','verified','refused','more_needed')`),
    check('identity_verifications_requested', sql`${t.requestedKind} is null or ${t.requestedKind} in ('identity','address')`),
  ],
);

export const identityAudit = pgTable(
  'identity_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The staff account, or null for the command line. */
    staffId: integer('staff_id'),
    /** `api` or `cli:<os user>`. */
    via: text('via').notNull(),
    action: text('action').notNull(),
    playerId: integer('player_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_audit_player_idx').on(t.playerId, t.id)],
);
