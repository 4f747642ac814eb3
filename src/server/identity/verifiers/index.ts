// The verifiers the server can use, by the name IDENTITY_VERIFIER gives.
import { manualVerifier, sandboxVerifier } from './sandbox.ts';
import type { Verifier } from './types.ts';

export type { Verifier, VerifierDecision, VerifierInput } from './types.ts';

const VERIFIERS: Record<'sandbox' | 'manual', Verifier> = { sandbox: sandboxVerifier, manual: manualVerifier };

export function verifierNamed(name: 'sandbox' | 'manual'): Verifier {
  return VERIFIERS[name];
}
