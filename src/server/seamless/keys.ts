// A provider's signing secret is needed in clear to check an HMAC, so it cannot be stored
// as a hash: it is sealed with AES-256-GCM under PROVIDER_SECRETS_KEY (a key the database
// never holds), and a database dump alone signs nothing. The key id is public; the secret
// is shown once, when it is made.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The AES key: SHA-256 of the configured secret, so any string of 32 or more characters serves. */
const aesKey = (master: string) => createHash('sha256').update(`seamless-keys:${master}`).digest();

export function sealSecret(master: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(master), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or undefined when it was sealed under another key (PROVIDER_SECRETS_KEY changed) or altered. */
export function openSecret(master: string, sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey(master), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A fresh key id: public, sent with every request. */
export const newKeyId = (code: string) => `${code}-${randomBytes(6).toString('hex')}`;

/** A fresh secret: 256 random bits. */
export const newSecret = () => randomBytes(32).toString('base64url');
