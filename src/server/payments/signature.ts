// Webhook signatures as the sandbox providers send them (Stripe's scheme): the header
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Checked in constant time,
// within five minutes either way of our clock, against every secret in rotation.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type SignatureCheck = 'ok' | 'bad_signature' | 'stale_signature';

export function checkSignature(secrets: readonly string[], body: string, header: string | undefined, nowMs: number): SignatureCheck {
  if (!header || header.length > 500) return 'bad_signature';
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at <= 0) continue;
    const k = piece.slice(0, at).trim();
    parts.set(k, [...(parts.get(k) ?? []), piece.slice(at + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  if (!t || !/^\d{1,12}$/.test(t)) return 'bad_signature';
  const given = (parts.get('v1') ?? []).filter((v) => /^[0-9a-f]{64}$/.test(v)).map((v) => Buffer.from(v, 'hex'));
  if (given.length === 0) return 'bad_signature';
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
    for (const g of given) if (timingSafeEqual(expected, g)) matched = true;
  }
  if (!matched) return 'bad_signature';
  // Checked after the MAC, so a forged header learns nothing from the answer's kind.
  if (Math.abs(nowMs / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return 'stale_signature';
  return 'ok';
}

/** A sandbox provider's own secret, derived from ours and its name; the previous secret (rotation) gives the previous one. */
export function providerSecret(base: string, adapter: string): string {
  return createHmac('sha256', base).update(`payments:${adapter}`).digest('hex');
}
