import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
} from '@admin-portal/contract/auth';
import { successSchema } from '@admin-portal/contract/common';
import {
  enrolmentConfirmSchema,
  enrolmentSetupSchema,
  secondFactorChallengeSchema,
  secondFactorLoginSchema,
  totpSetupSchema,
} from '@admin-portal/contract/two-factor';
import { z } from 'zod';
import { passkeySignInOptionsSchema, passkeySignInSchema, requestOptionsSchema } from '@admin-portal/contract/passkeys';
import { MESSAGES, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { userSchema } from '@admin-portal/contract/users';
import { requireAuth } from '../../http/context.ts';
import { unauthorized } from '../../http/errors.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { presentUser } from '../users/users.presenter.ts';
import { findUserById } from '../users/users.queries.ts';
import * as auth from './auth.service.ts';
import { finishPasskeySignIn, passkeySignInOptions } from './passkey-sign-in.ts';
import { finishSecondFactor } from './second-factor.ts';
import { signInRateLimit } from './sign-in-rate-limit.ts';
import { finishEnrolment, startEnrolment } from './second-factor-enrolment.ts';
import { isRegistrationOpen, registrationSwitches } from './registration.ts';

const tags = ['Auth'];

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = signInRateLimit(app);

  r.post('/api/auth/login', {
    schema: {
      tags,
      summary:
        'Sign in with email and password. An account with a second factor gets no tokens yet but a challenge (second_factor_required), finished by POST /api/auth/login/second-factor',
      body: loginSchema,
      response: { 200: z.union([loginResponseSchema, secondFactorChallengeSchema]), ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => auth.login(app, request, request.body.email, request.body.password),
  });

  r.post('/api/auth/login/second-factor', {
    schema: {
      tags,
      summary:
        'Sign in, step two, for an account with a second factor: the challenge from POST /api/auth/login and a code of the authenticator app or a recovery code. Wrong codes slow down like wrong passwords; five spend the challenge',
      body: secondFactorLoginSchema,
      response: { 200: loginResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => finishSecondFactor(app, request, request.body.challenge_token, request.body.code),
  });

  r.post('/api/auth/login/enrol/setup', {
    schema: {
      tags,
      summary:
        'Sign in, for an account that must have a second factor and has none yet (enrolment_required): with the challenge, a new authenticator secret, its otpauth:// address and QR code',
      body: enrolmentSetupSchema,
      response: { 200: totpSetupSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => startEnrolment(app, request.body.challenge_token),
  });

  r.post('/api/auth/login/enrol/confirm', {
    schema: {
      tags,
      summary: "Sign in, enrolment's step two: the app's first code turns the second factor on and signs in; the recovery codes are answered this once",
      body: enrolmentConfirmSchema,
      response: { 200: loginResponseSchema.extend({ recovery_codes: z.array(z.string()) }), ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => finishEnrolment(app, request, request.body.challenge_token, request.body.code),
  });

  r.post('/api/auth/login/passkey/options', {
    schema: {
      tags,
      summary:
        "Sign in with a passkey, step one: the options for navigator.credentials.get() (@simplewebauthn/browser's startAuthentication), good for 5 minutes. With a password sign-in's challenge_token: that account's passkeys only, as its second step",
      body: passkeySignInOptionsSchema,
      response: { 200: requestOptionsSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => passkeySignInOptions(app, request.body.challenge_token),
  });

  r.post('/api/auth/login/passkey', {
    schema: {
      tags,
      summary:
        "Sign in with a passkey, step two: the browser's answer (AuthenticationResponseJSON). The passkey verifies its user, so it stands for the password and the second factor; answers what a sign-in answers",
      body: passkeySignInSchema,
      response: { 200: loginResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => finishPasskeySignIn(app, request, request.body.credential),
  });

  r.post('/api/auth/refresh', {
    schema: {
      tags,
      summary: 'Rotate a refresh token for a new access token',
      body: refreshSchema,
      response: { 200: refreshResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => auth.refresh(app, request, request.body.refresh_token),
  });

  r.post('/api/auth/logout', {
    schema: { tags, summary: 'End the current session', body: logoutSchema.optional(), response: { 200: successSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      await auth.logout(app, request, request.body?.refresh_token);
      return { success: true, message: SERVER_MESSAGES.loggedOut };
    },
  });

  r.get('/api/auth/registration', {
    schema: { tags, summary: 'Whether self-registration is available', response: { 200: registrationAvailabilitySchema, ...ERROR_RESPONSES } },
    handler: async () => ({ available: await isRegistrationOpen(app.db, await registrationSwitches(app)) }),
  });

  r.post('/api/auth/register', {
    schema: {
      tags,
      summary:
        'Self-registration into an organization that allows it: e-mails a link that confirms the address (the same answer whether or not it has an account)',
      body: registerSchema,
      response: { 202: registerResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('register'),
    handler: async (request, reply) => {
      await auth.register(app, request, request.body);
      return reply.status(202).send({ success: true, message: SERVER_MESSAGES.registrationCheckEmail });
    },
  });

  r.post('/api/auth/register/confirm', {
    schema: {
      tags,
      summary:
        "Confirm a sign-up's e-mail address with the token of the e-mailed link: creates the account (waiting for approval where the organization asks for it)",
      body: confirmRegistrationSchema,
      response: { 201: confirmRegistrationResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('register'),
    handler: async (request, reply) => {
      const { pending_approval } = await auth.confirmRegistration(app, request, request.body.token);
      const message = pending_approval ? SERVER_MESSAGES.registrationConfirmedPending : SERVER_MESSAGES.registrationConfirmed;
      return reply.status(201).send({ success: true, pending_approval, message });
    },
  });

  r.get('/api/auth/me', {
    schema: { tags, summary: 'The signed-in user', response: { 200: userSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      const user = await findUserById(app.db, requireAuth(request.auth).userId);
      if (!user) throw unauthorized();
      return presentUser(user);
    },
  });

  r.get('/api/auth/verify', {
    schema: { tags, summary: 'Check that the session is valid', response: { 200: verifyResponseSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      const user = await findUserById(app.db, requireAuth(request.auth).userId);
      if (!user) throw unauthorized();
      const token = request.headers.authorization!.slice(7);
      const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp as number;
      return { valid: true, user: presentUser(user), expires_at: new Date(exp * 1000).toISOString() };
    },
  });

  r.put('/api/auth/profile', {
    schema: {
      tags,
      summary: 'Update your own name and email (changing the email asks for current_password)',
      body: profileSchema,
      response: { 200: profileResponseSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const user = await auth.updateProfile(app, request, requireAuth(request.auth).userId, request.body);
      return { success: true, user, message: MESSAGES.profileUpdated };
    },
  });

  r.post('/api/auth/change-password', {
    schema: {
      tags,
      summary: 'Change your password (ends your other sessions; wrong current passwords slow down like sign-ins)',
      body: changePasswordSchema,
      response: { 200: changePasswordResponseSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      requireAuth(request.auth);
      await auth.changePassword(app, request, request.body.old_password, request.body.new_password);
      return { success: true, message: MESSAGES.passwordChanged };
    },
  });
}
