// Access tokens: short-lived JWTs signed with HS256 (the only algorithm accepted,
// so `alg: none` or a swapped algorithm is refused), carrying the player id and scope.
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'casino-eagles';
const AUDIENCE = 'casino-front';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  playerId: number;
  scope: string[];
  /** The login (refresh-token family) this token belongs to, when it came from one. */
  sessionId?: string;
  /** Set only when that login passed the second step (`amr: ['mfa']`, RFC 8176): staff calls want it. */
  secondFactor?: boolean;
}

// The secret imported once as an HMAC key: given raw bytes, jose would import them again
// for every token it signs or checks, a cost every authenticated call paid.
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** A signed access token for the player, valid ACCESS_TOKEN_TTL_SECONDS. */
export async function issueAccessToken(secret: string, claims: AccessClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({
    scope: claims.scope,
    typ: 'access',
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    ...(claims.secondFactor ? { amr: ['mfa'] } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.playerId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await keyOf(secret));
}

/**
 * Tokens already checked, by secret, with their claims and expiry: a player's calls carry
 * the same token for its whole life, and its signature need not be checked again on each.
 * Only a token that passed every check gets in; a hit is an exact match of the whole
 * token (its signature included), and its expiry is checked again at every use. Bounded:
 * the oldest entries go first.
 */
const checked = new Map<string, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const CHECKED_MAX = 20_000;

function remember(secret: string, token: string, claims: AccessClaims, exp: number | undefined): void {
  if (exp === undefined) return;
  let bySecret = checked.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    checked.set(secret, bySecret);
  }
  if (bySecret.size >= CHECKED_MAX) bySecret.delete(bySecret.keys().next().value as string);
  bySecret.set(token, { claims, expiresAt: exp * 1000 });
}

/** The claims of a valid token; undefined for a missing, expired, tampered or foreign one. */
export async function verifyAccessToken(secret: string, token: string | undefined | null): Promise<AccessClaims | undefined> {
  if (!token) return undefined;
  const known = checked.get(secret)?.get(token);
  // jose's rule: a token is expired from its `exp` second on.
  if (known && Date.now() < known.expiresAt) return known.claims;
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const playerId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isSafeInteger(playerId) || playerId <= 0) return undefined;
    const scope = Array.isArray(payload.scope) ? payload.scope.filter((s): s is string => typeof s === 'string') : [];
    const claims: AccessClaims = typeof payload.sid === 'string' ? { playerId, scope, sessionId: payload.sid } : { playerId, scope };
    if (Array.isArray(payload.amr) && payload.amr.includes('mfa')) claims.secondFactor = true;
    remember(secret, token, claims, payload.exp);
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | undefined | null): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * SPEC's scope check: a list must contain the scope; an object must have it truthy.
 */
export function hasScope(scope: unknown, wanted: string): boolean {
  if (Array.isArray(scope)) return scope.includes(wanted);
  if (scope && typeof scope === 'object') return Boolean((scope as Record<string, unknown>)[wanted]);
  return false;
}
