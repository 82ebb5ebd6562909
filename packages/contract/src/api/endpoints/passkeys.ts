import { idParamsSchema, successSchema } from '../../common.ts';
import { creationOptionsSchema, passkeyAddedSchema, passkeyListSchema, passkeyRegistrationSchema } from '../../passkeys.ts';
import { currentPasswordSchema } from '../../two-factor.ts';
import { SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Your passkeys, from the profile's Security tab (issue 37 item 2): every signed-in user manages their own. Signing
 * in with one: the Auth sign-in endpoints (/api/auth/login/passkey…).
 */
const tags = ['Auth'] as const;

export const PASSKEY_ENDPOINTS = defineEndpoints({
  listPasskeys: {
    method: 'GET',
    path: '/api/auth/passkeys',
    tags,
    summary: 'Your passkeys: names, when each was added and last used',
    access: SIGNED_IN,
    responses: { 200: passkeyListSchema },
  },
  startPasskeyRegistration: {
    method: 'POST',
    path: '/api/auth/passkeys/registration/options',
    tags,
    summary: 'Add a passkey, step one (your password again)',
    description: "The options for navigator.credentials.create() (@simplewebauthn/browser's startRegistration), good for 5 minutes. 409 at 20 passkeys.",
    access: SIGNED_IN,
    body: currentPasswordSchema,
    responses: { 200: creationOptionsSchema },
  },
  finishPasskeyRegistration: {
    method: 'POST',
    path: '/api/auth/passkeys/registration',
    tags,
    summary: "Add a passkey, step two: the browser's answer and a name",
    description: "The browser's answer is a RegistrationResponseJSON. The authenticator must verify its user; 409 when the passkey is registered already.",
    access: SIGNED_IN,
    body: passkeyRegistrationSchema,
    responses: { 201: passkeyAddedSchema },
  },
  deletePasskey: {
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    tags,
    summary: 'Remove one of your passkeys: it no longer signs in',
    access: SIGNED_IN,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
});
