import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  sub: string; // user id
  sid: string; // session (refresh-token family) id
  org: string;
  role: string;
  iat: number;
  exp: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** HS256 JWT signed with node:crypto. */
export function signAccessToken(secret: string, claims: Omit<AccessClaims, 'iat' | 'exp'>, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS }));
  const signature = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** Returns the claims of a valid, unexpired token, or null. */
export function verifyAccessToken(secret: string, token: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    return claims;
  } catch {
    return null;
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
