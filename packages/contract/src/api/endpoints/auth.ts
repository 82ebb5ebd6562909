import { z } from 'zod';
import {
  changePasswordResponseSchema,
  changePasswordSchema,
  confirmRegistrationResponseSchema,
  confirmRegistrationSchema,
  loginResponseSchema,
  loginSchema,
  logoutSchema,
  profileResponseSchema,
  profileSchema,
  refreshResponseSchema,
  refreshSchema,
  registerResponseSchema,
  registerSchema,
  registrationAvailabilitySchema,
  verifyResponseSchema,
} from '../../auth.ts';
import { successSchema } from '../../common.ts';
import { passkeySignInOptionsSchema, passkeySignInSchema, requestOptionsSchema } from '../../passkeys.ts';
import { enrolmentConfirmSchema, enrolmentSetupSchema, secondFactorChallengeSchema, secondFactorLoginSchema, totpSetupSchema } from '../../two-factor.ts';
import { userSchema } from '../../users.ts';
import { PUBLIC, SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Signing in and out, tokens, self-registration and the signed-in user's own account (spec §4, §7; issue 37). Every
 * step of a sign-in, the token refresh, sign-out and registration are public (the sign-in steps and registration are
 * rate-limited by their routes); the signed-in user's own account needs a session.
 */
const tags = ['Auth'] as const;

export const AUTH_ENDPOINTS = defineEndpoints({
  signIn: {
    method: 'POST',
    path: '/api/auth/login',
    tags,
    summary: 'Sign in with email and password',
    description: 'An account with a second factor gets no tokens yet but a challenge (second_factor_required), finished by POST /api/auth/login/second-factor.',
    access: PUBLIC,
    body: loginSchema,
    responses: { 200: z.union([loginResponseSchema, secondFactorChallengeSchema]) },
  },
  signInWithSecondFactor: {
    method: 'POST',
    path: '/api/auth/login/second-factor',
    tags,
    summary: 'Sign in, step two, for an account with a second factor',
    description:
      'The challenge from POST /api/auth/login and a code of the authenticator app or a recovery code. Wrong codes slow down like wrong passwords; five spend the challenge.',
    access: PUBLIC,
    body: secondFactorLoginSchema,
    responses: { 200: loginResponseSchema },
  },
  startSecondFactorEnrolment: {
    method: 'POST',
    path: '/api/auth/login/enrol/setup',
    tags,
    summary: 'Sign in, for an account that must set up a second factor first',
    description:
      'For an account that must have a second factor and has none yet (enrolment_required): with the challenge, a new authenticator secret, its otpauth:// address and QR code.',
    access: PUBLIC,
    body: enrolmentSetupSchema,
    responses: { 200: totpSetupSchema },
  },
  confirmSecondFactorEnrolment: {
    method: 'POST',
    path: '/api/auth/login/enrol/confirm',
    tags,
    summary: "Sign in, enrolment's step two: the app's first code",
    description: "The app's first code turns the second factor on and signs in; the recovery codes are answered this once.",
    access: PUBLIC,
    body: enrolmentConfirmSchema,
    responses: { 200: loginResponseSchema.extend({ recovery_codes: z.array(z.string()) }) },
  },
  startPasskeySignIn: {
    method: 'POST',
    path: '/api/auth/login/passkey/options',
    tags,
    summary: 'Sign in with a passkey, step one: the options for the browser',
    description:
      "The options for navigator.credentials.get() (@simplewebauthn/browser's startAuthentication), good for 5 minutes. With a password sign-in's challenge_token: that account's passkeys only, as its second step.",
    access: PUBLIC,
    body: passkeySignInOptionsSchema,
    responses: { 200: requestOptionsSchema },
  },
  signInWithPasskey: {
    method: 'POST',
    path: '/api/auth/login/passkey',
    tags,
    summary: "Sign in with a passkey, step two: the browser's answer",
    description:
      "The browser's answer is an AuthenticationResponseJSON. The passkey verifies its user, so it stands for the password and the second factor; answers what a sign-in answers.",
    access: PUBLIC,
    body: passkeySignInSchema,
    responses: { 200: loginResponseSchema },
  },
  refreshAccessToken: {
    method: 'POST',
    path: '/api/auth/refresh',
    tags,
    summary: 'Rotate a refresh token for a new access token',
    access: PUBLIC,
    body: refreshSchema,
    responses: { 200: refreshResponseSchema },
  },
  signOut: {
    method: 'POST',
    path: '/api/auth/logout',
    tags,
    summary: 'End the current session',
    access: PUBLIC,
    body: logoutSchema.optional(),
    responses: { 200: successSchema },
  },
  getRegistrationAvailability: {
    method: 'GET',
    path: '/api/auth/registration',
    tags,
    summary: 'Whether self-registration is available',
    access: PUBLIC,
    responses: { 200: registrationAvailabilitySchema },
  },
  registerAccount: {
    method: 'POST',
    path: '/api/auth/register',
    tags,
    summary: 'Self-registration into an organization that allows it',
    description: 'E-mails a link that confirms the address (the same answer whether or not it has an account).',
    access: PUBLIC,
    body: registerSchema,
    responses: { 202: registerResponseSchema },
  },
  confirmRegistration: {
    method: 'POST',
    path: '/api/auth/register/confirm',
    tags,
    summary: "Confirm a sign-up's e-mail address with the token of the e-mailed link",
    description: 'Creates the account (waiting for approval where the organization asks for it).',
    access: PUBLIC,
    body: confirmRegistrationSchema,
    responses: { 201: confirmRegistrationResponseSchema },
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/me',
    tags,
    summary: 'The signed-in user',
    access: SIGNED_IN,
    responses: { 200: userSchema },
  },
  verifySession: {
    method: 'GET',
    path: '/api/auth/verify',
    tags,
    summary: 'Check that the session is valid',
    access: SIGNED_IN,
    responses: { 200: verifyResponseSchema },
  },
  updateOwnProfile: {
    method: 'PUT',
    path: '/api/auth/profile',
    tags,
    summary: 'Update your own name and email',
    description: 'Changing the email asks for current_password.',
    access: SIGNED_IN,
    body: profileSchema,
    responses: { 200: profileResponseSchema },
  },
  changeOwnPassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    tags,
    summary: 'Change your password',
    description: 'Ends your other sessions. Wrong current passwords slow down like sign-ins.',
    access: SIGNED_IN,
    body: changePasswordSchema,
    responses: { 200: changePasswordResponseSchema },
  },
});
