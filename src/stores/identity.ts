// The player's identity verification (status, reason, documents) and the upload. The
// Verification tab reads `$verification` and calls these verbs; while documents are being
// checked the store asks again every few seconds, so the tab shows the decision when it
// comes (the player is also told in their mail box).
import { map, onMount } from 'nanostores';
import { call, failureOf, upload } from '../lib/api.ts';
import type { DocumentKind, VerificationView } from '../shared/identity.ts';

export interface VerificationState {
  data: VerificationView | null;
  loading: boolean;
  failed: boolean;
}

export const $verification = map<VerificationState>({ data: null, loading: false, failed: false });

/** How often a pending verification is asked about, and for how long at most. */
export const POLL_MS = 3000;
const POLL_FOR_MS = 5 * 60_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let pollingSince = 0;

function stopPolling() {
  if (timer) clearTimeout(timer);
  timer = undefined;
}

function pollWhilePending() {
  stopPolling();
  if ($verification.get().data?.status !== 'pending' || Date.now() - pollingSince > POLL_FOR_MS) return;
  timer = setTimeout(() => void loadVerification(), POLL_MS);
}

onMount($verification, () => stopPolling);

/** Loads (or reloads) the verification; while it is pending, asks again later. */
export async function loadVerification(): Promise<void> {
  // A load that is not the poll's own starts the polling window afresh.
  if (!timer) pollingSince = Date.now();
  $verification.setKey('loading', true);
  try {
    const reply = await call('front/get_verification');
    $verification.set({ data: reply.verification, loading: false, failed: false });
  } catch (error) {
    console.error('verification: loading failed', error);
    $verification.set({ ...$verification.get(), loading: false, failed: true });
    return;
  }
  pollWhilePending();
}

export type UploadResult = { ok: true } | { ok: false; message: string };

/** Sends one document; the verification the server answers replaces the one shown. */
export async function uploadDocument(kind: DocumentKind, file: File): Promise<UploadResult> {
  const max = $verification.get().data?.max_bytes;
  // The server checks again; this spares a long upload that would be refused.
  if (max !== undefined && file.size > max) return { ok: false, message: 'document_too_large' };
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  try {
    const reply = await upload('front/upload_identity_document', form);
    if (reply.status !== 1) return { ok: false, message: failureOf(reply).message ?? 'action_failed' };
    $verification.set({ data: reply.verification, loading: false, failed: false });
    pollingSince = Date.now();
    pollWhilePending();
    return { ok: true };
  } catch (error) {
    const f = failureOf(error);
    const fieldMessage = f.errors ? Object.values(f.errors)[0] : undefined;
    const message = f.httpStatus === 429 ? 'too_many_attempts' : f.httpStatus === 413 ? 'document_too_large' : (fieldMessage ?? f.message ?? 'action_failed');
    return { ok: false, message };
  }
}
