// The sandbox verifier: decides by rules a tester drives, with no outside service. A
// marker in a document's content wins (`sandbox-kyc:refuse:document_expired`, written
// anywhere in the file, for example a PDF comment or a JPEG comment), else the player's
// last name: `Refuse`, `Resubmit`, `Review`; anyone else is approved. docs/protection.md's
// "Identity verification" lists the rules.
import { DOCUMENT_KINDS, type DocumentKind, VERIFICATION_REASONS, type VerificationReason } from '../../../shared/identity.ts';
import type { Verifier, VerifierDecision } from './types.ts';

const MARKER = /sandbox-kyc:(approve|refuse|more|review)(?::([a-z_]{1,40}))?(?::([a-z_]{1,40}))?/;

const isReason = (v: string | undefined): v is VerificationReason => VERIFICATION_REASONS.includes(v as VerificationReason);
const isKind = (v: string | undefined): v is DocumentKind => DOCUMENT_KINDS.includes(v as DocumentKind);

/** The decision a marker asks for: `sandbox-kyc:more:address:address_too_old`, `sandbox-kyc:refuse:underage`… */
function fromMarker(verb: string, a: string | undefined, b: string | undefined): VerifierDecision {
  if (verb === 'approve') return { outcome: 'approve' };
  if (verb === 'review') return { outcome: 'review' };
  if (verb === 'refuse') return { outcome: 'refuse', reason: isReason(a) ? a : 'document_not_accepted' };
  const kind = isKind(a) ? a : 'identity';
  return { outcome: 'more', kind, reason: isReason(b) ? b : 'document_unreadable' };
}

const BY_LAST_NAME: Record<string, VerifierDecision> = {
  refuse: { outcome: 'refuse', reason: 'document_expired' },
  resubmit: { outcome: 'more', kind: 'identity', reason: 'document_unreadable' },
  review: { outcome: 'review' },
};

export const sandboxVerifier: Verifier = {
  name: 'sandbox',
  async check({ player, documents }) {
    for (const d of documents) {
      const m = MARKER.exec(Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength).toString('latin1'));
      if (m) return fromMarker(m[1] as string, m[2], m[3]);
    }
    return BY_LAST_NAME[player.lastName.trim().toLowerCase()] ?? { outcome: 'approve' };
  },
};

/** Staff decide everything: the verifier only hands the documents over. */
export const manualVerifier: Verifier = {
  name: 'manual',
  check: async () => ({ outcome: 'review' }),
};
