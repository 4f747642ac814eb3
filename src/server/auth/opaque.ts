// Opaque secrets handed to browsers and mailboxes (refresh tokens, email links, guest
// chat ids). The database keeps only their SHA-256: a leaked table opens no account.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of an opaque token. */
export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
