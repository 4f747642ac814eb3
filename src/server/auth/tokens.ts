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
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/** A signed access token for the player, valid ACCESS_TOKEN_TTL_SECONDS. */
export async function issueAccessToken(secret: string, claims: AccessClaims, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ scope: claims.scope, typ: 'access', ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.playerId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The claims of a valid token; undefined for a missing, expired, tampered or foreign one. */
export async function verifyAccessToken(secret: string, token: string | undefined | null): Promise<AccessClaims | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const playerId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isSafeInteger(playerId) || playerId <= 0) return undefined;
    const scope = Array.isArray(payload.scope) ? payload.scope.filter((s): s is string => typeof s === 'string') : [];
    return typeof payload.sid === 'string' ? { playerId, scope, sessionId: payload.sid } : { playerId, scope };
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
