import type { FastifyInstance } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse, CreationOptions, RegistrationResponse, RequestOptions } from '@admin-portal/contract/passkeys';

/**
 * The WebAuthn ceremonies, by @simplewebauthn/server (ADR 0065). The relying party is the portal at PUBLIC_URL: its
 * host name is the RP ID passkeys are bound to and its origin the only one whose answers count; neither is ever
 * taken from a request. Passkeys verify the user (a PIN, a fingerprint): one is a sign-in's two factors in one.
 */

/** How long a ceremony's challenge is good for; the browser's own timeout is the same. */
export const CEREMONY_MINUTES = 5;
const TIMEOUT_MS = CEREMONY_MINUTES * 60_000;

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(app: FastifyInstance): RelyingParty {
  const url = new URL(app.config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** The challenge the browser signed, read from its client data (null when that is not readable). */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

/** The UUID's 16 bytes: the user handle passkeys carry (random, and no personal data). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
}

export async function registrationOptions(
  rp: RelyingParty,
  rpName: string,
  user: { id: string; email: string; name: string },
  existing: readonly { credential_id: string; transports: string[] }[],
): Promise<CreationOptions> {
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    userID: userHandle(user.id),
    userName: user.email,
    userDisplayName: user.name,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { ...options, authenticatorSelection: { ...options.authenticatorSelection } };
}

export async function signInOptions(rp: RelyingParty, allowed: readonly { credential_id: string; transports: string[] }[]): Promise<RequestOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
  });
  return { ...options };
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  backedUp: boolean;
}

/** The registration checked against its challenge, the portal's origin and RP ID, with user verification; null when wrong. */
export async function verifyRegistration(rp: RelyingParty, response: RegistrationResponse, challenge: string): Promise<VerifiedRegistration | null> {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      // The contract's schema is this JSON form, checked; the library's type names its unions more narrowly.
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified || !registrationInfo) return null;
    const { credential, credentialBackedUp } = registrationInfo;
    return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, backedUp: credentialBackedUp };
  } catch {
    return null;
  }
}

/**
 * A sign-in's answer checked against its challenge, the portal, the stored public key and counter (a counter that
 * does not move forward is a cloned authenticator), with user verification; null when wrong.
 */
export async function verifySignIn(
  rp: RelyingParty,
  response: AuthenticationResponse,
  challenge: string,
  stored: { credential_id: string; public_key: Uint8Array; counter: string; transports: string[] },
): Promise<{ counter: number; backedUp: boolean } | null> {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: stored.transports as AuthenticatorTransport[],
      },
    });
    return verified ? { counter: authenticationInfo.newCounter, backedUp: authenticationInfo.credentialBackedUp } : null;
  } catch {
    return null;
  }
}
