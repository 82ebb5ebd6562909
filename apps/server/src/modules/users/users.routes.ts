import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USER_ENDPOINTS } from '@admin-portal/contract/api/endpoints/users';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { requireAuth } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { userCsv, userExportFilename } from './users.export.ts';
import { presentUser } from './users.presenter.ts';
import * as users from './users.service.ts';
import { assertPasswordAcceptable } from '../system/password-policy.ts';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(USER_ENDPOINTS.listUsers),
    handler: (request) => users.listUsers(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.exportUsers),
    handler: async (request, reply) => {
      const batches = users.exportUsers(app.db, requireAuth(request.auth), request.query);
      return sendCsv(reply, userExportFilename(), userCsv(batches));
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.createUser),
    handler: async (request, reply) => {
      await assertPasswordAcceptable(app, request.body.password, 'password', request.body.email);
      return reply.status(201).send(await users.createUser(app.db, request, requireAuth(request.auth), request.body));
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.getUser),
    handler: async (request) => presentUser(await users.getUser(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.updateUser),
    handler: (request) => users.updateUser(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.deleteUser),
    handler: async (request) => {
      await users.deleteUser(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: SERVER_MESSAGES.userDeleted };
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.resetUserPassword),
    handler: async (request) => {
      const target = await users.getUser(app.db, requireAuth(request.auth), request.params.id);
      await assertPasswordAcceptable(app, request.body.new_password, 'new_password', target.email);
      await users.resetPassword(app.db, request, requireAuth(request.auth), request.params.id, request.body.new_password);
      return { success: true, message: SERVER_MESSAGES.passwordReset };
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.unlockUser),
    handler: (request) => users.unlockUser(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.approveUserSignUp),
    handler: async (request) => {
      const user = await users.approveUser(app.db, app.config, request, requireAuth(request.auth), request.params.id);
      app.runtime.wake();
      return user;
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.rejectUserSignUp),
    handler: async (request) => {
      await users.rejectUser(app.db, app.config, request, requireAuth(request.auth), request.params.id);
      app.runtime.wake();
      return { success: true, message: SERVER_MESSAGES.userRejected };
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.getUserPermissions),
    handler: async (request) => users.permissionsOf(await users.getUser(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.grantUserPermission),
    handler: (request) => users.addPermission(app.db, request, requireAuth(request.auth), request.params.id, request.body.permission),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.revokeUserPermission),
    handler: (request) => users.removePermission(app.db, request, requireAuth(request.auth), request.params.id, request.params.permission),
  });
}
