import { z } from 'zod';
import { openJsonObject, requiredText } from './input-rules.ts';
import { PASSKEY_NAME_MAX, PASSKEY_TEXTS } from './passkey-texts.ts';

export * from './passkey-texts.ts';

/**
 * Passkeys (WebAuthn, issue 37 item 2): registered from the profile, then a way to sign in instead of the password and
 * the code. The browser's side is @simplewebauthn/browser; these are the JSON forms of its ceremonies (WebAuthn
 * Level 3's PublicKeyCredential JSON).
 */

/** A base64url value of a ceremony (credential ids, client data, authenticator data, signatures). */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Must be base64url');

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const clientExtensionResults = openJsonObject({ description: "The browser's extension outputs (credProps and the like)", maxBytes: 4096 });

/** What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    // A COSE algorithm identifier (-7 ES256, -8 EdDSA, -257 RS256; the registry's range).
    publicKeyAlgorithm: z.number().int().min(-65536).max(65535).optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

/** For navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON). */
export const creationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  attestation: z.string().optional(),
});

/** For navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON). */
export const requestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.string().optional(),
});

export type CreationOptions = z.infer<typeof creationOptionsSchema>;
export type RequestOptions = z.infer<typeof requestOptionsSchema>;

export const passkeyNameSchema = requiredText(PASSKEY_TEXTS.nameRequired).max(PASSKEY_NAME_MAX);

/** POST /auth/passkeys/registration/finish: the browser's answer and the name the person gave it. */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, credential: registrationResponseSchema });

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** A passkey the provider syncs between devices (backed up), rather than one bound to one device or key. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, message: z.string() });

/**
 * POST /auth/login/passkey/options. Without a body's challenge_token: a passkey sign-in, the browser offers the
 * passkeys it holds for the portal. With one (the challenge of a password sign-in that asks for a second factor): the
 * account's own passkeys only.
 */
export const passkeySignInOptionsSchema = z.object({ challenge_token: z.string().min(1).max(128).optional() });
export const passkeySignInSchema = z.object({ credential: authenticationResponseSchema });
