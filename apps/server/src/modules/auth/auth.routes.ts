import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_ENDPOINTS } from '@admin-portal/contract/api/endpoints/auth';
import { MESSAGES, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { unauthorized } from '../../http/errors.ts';
import { presentUser } from '../users/users.presenter.ts';
import { findUserById } from '../users/users.queries.ts';
import * as auth from './auth.service.ts';
import { finishPasskeySignIn, passkeySignInOptions } from './passkey-sign-in.ts';
import { finishSecondFactor } from './second-factor.ts';
import { signInRateLimit } from './sign-in-rate-limit.ts';
import { finishEnrolment, startEnrolment } from './second-factor-enrolment.ts';
import { isRegistrationOpen, registrationSwitches } from './registration.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = signInRateLimit(app);

  r.route({
    ...routeOf(AUTH_ENDPOINTS.signIn),
    preHandler: limit('login'),
    handler: (request) => auth.login(app, request, request.body.email, request.body.password),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.signInWithSecondFactor),
    preHandler: limit('login'),
    handler: (request) => finishSecondFactor(app, request, request.body.challenge_token, request.body.code),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.startSecondFactorEnrolment),
    preHandler: limit('login'),
    handler: (request) => startEnrolment(app, request.body.challenge_token),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.confirmSecondFactorEnrolment),
    preHandler: limit('login'),
    handler: (request) => finishEnrolment(app, request, request.body.challenge_token, request.body.code),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.startPasskeySignIn),
    preHandler: limit('login'),
    handler: (request) => passkeySignInOptions(app, request.body.challenge_token),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.signInWithPasskey),
    preHandler: limit('login'),
    handler: (request) => finishPasskeySignIn(app, request, request.body.credential),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.refreshAccessToken),
    handler: (request) => auth.refresh(app, request, request.body.refresh_token),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.signOut),
    handler: async (request) => {
      await auth.logout(app, request, request.body?.refresh_token);
      return { success: true, message: SERVER_MESSAGES.loggedOut };
    },
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.getRegistrationAvailability),
    handler: async () => ({ available: await isRegistrationOpen(app.db, await registrationSwitches(app)) }),
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.registerAccount),
    preHandler: limit('register'),
    handler: async (request, reply) => {
      await auth.register(app, request, request.body);
      return reply.status(202).send({ success: true, message: SERVER_MESSAGES.registrationCheckEmail });
    },
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.confirmRegistration),
    preHandler: limit('register'),
    handler: async (request, reply) => {
      const { pending_approval } = await auth.confirmRegistration(app, request, request.body.token);
      const message = pending_approval ? SERVER_MESSAGES.registrationConfirmedPending : SERVER_MESSAGES.registrationConfirmed;
      return reply.status(201).send({ success: true, pending_approval, message });
    },
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.getCurrentUser),
    handler: async (request) => {
      const user = await findUserById(app.db, requireAuth(request.auth).userId);
      if (!user) throw unauthorized();
      return presentUser(user);
    },
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.verifySession),
    handler: async (request) => {
      const user = await findUserById(app.db, requireAuth(request.auth).userId);
      if (!user) throw unauthorized();
      const token = request.headers.authorization!.slice(7);
      const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp as number;
      return { valid: true, user: presentUser(user), expires_at: new Date(exp * 1000).toISOString() };
    },
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.updateOwnProfile),
    handler: async (request) => {
      const user = await auth.updateProfile(app, request, requireAuth(request.auth).userId, request.body);
      return { success: true, user, message: MESSAGES.profileUpdated };
    },
  });

  r.route({
    ...routeOf(AUTH_ENDPOINTS.changeOwnPassword),
    handler: async (request) => {
      requireAuth(request.auth);
      await auth.changePassword(app, request, request.body.old_password, request.body.new_password);
      return { success: true, message: MESSAGES.passwordChanged };
    },
  });
}
