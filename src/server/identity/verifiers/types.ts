// The verification adapter seam: a verifier gets the player's details and their current
// documents and answers approve, refuse (with a reason), ask for another document, or
// leave it to staff. A real provider is one more file beside sandbox.ts and an entry in
// index.ts; it runs after the upload's reply, never inside the request.
import type { DocumentKind, VerificationReason } from '../../../shared/identity.ts';

export interface VerifierInput {
  player: { id: number; firstName: string; lastName: string; birthday: string; country: string };
  documents: { id: number; kind: DocumentKind; mime: string; bytes: Uint8Array }[];
}

export type VerifierDecision =
  | { outcome: 'approve' }
  | { outcome: 'refuse'; reason: VerificationReason }
  | { outcome: 'more'; kind: DocumentKind; reason: VerificationReason }
  | { outcome: 'review' };

export interface Verifier {
  /** Written to the audit trail as `verifier:<name>`. */
  name: string;
  check(input: VerifierInput): Promise<VerifierDecision>;
}
