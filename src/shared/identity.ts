// Identity verification as islands and server both see it: the two documents a player
// uploads, the states of their verification, the reasons staff or a verifier may give
// (catalogue keys of the `verification` namespace) and the replies of the calls.
import type { Ok } from './api.ts';

export const DOCUMENT_KINDS = ['identity', 'address'] as const;
/** An identity document (passport, ID card, driving licence) or a proof of address. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What a document came to; `replaced` when a newer one of its kind was uploaded. */
export type DocumentStatus = 'pending' | 'approved' | 'refused' | 'replaced';

/**
 * The player's verification: `unverified` (a document missing), `pending` (both in, being
 * checked), `verified`, `refused` (final; support reopens it) or `more_needed` (another
 * document of `requested_kind` is asked for).
 */
export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'refused' | 'more_needed';

/** Why a verification was refused or another document asked for. */
export const VERIFICATION_REASONS = [
  'document_expired',
  'document_unreadable',
  'document_not_accepted',
  'name_mismatch',
  'address_too_old',
  'underage',
] as const;
export type VerificationReason = (typeof VERIFICATION_REASONS)[number];

/** The types accepted, as checked from the content. */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface DocumentView {
  id: number;
  kind: DocumentKind;
  mime: string;
  size: number;
  status: DocumentStatus;
  created_at: string;
}

export interface VerificationView {
  status: VerificationStatus;
  reason: VerificationReason | null;
  requested_kind: DocumentKind | null;
  /** Largest file accepted, in bytes. */
  max_bytes: number;
  documents: DocumentView[];
}

export interface VerificationReply extends Ok {
  verification: VerificationView;
}

export interface UploadReply extends Ok {
  document: DocumentView;
  verification: VerificationView;
}

/** A player waiting for staff, as the review desk lists them. */
export interface PendingVerification {
  player_id: number;
  username: string;
  first_name: string;
  last_name: string;
  country: string;
  status: VerificationStatus;
  updated_at: string;
}

export interface AuditRow {
  id: number;
  staff_id: number | null;
  via: string;
  action: string;
  player_id: number;
  details: Record<string, unknown>;
  created_at: string;
}

export interface PlayerVerificationReply extends Ok {
  player_id: number;
  verification: VerificationView;
  audit: AuditRow[];
}
