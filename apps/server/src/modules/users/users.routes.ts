import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import {
  addPermissionSchema,
  createUserResponseSchema,
  createUserSchema,
  permissionParamsSchema,
  permissionsResponseSchema,
  resetPasswordSchema,
  updateUserSchema,
  userExportQuerySchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@admin-portal/contract/users';
import { requireAuth } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { userCsv, userExportFilename } from './users.export.ts';
import { presentUser } from './users.presenter.ts';
import * as users from './users.service.ts';
import { assertPasswordAcceptable } from '../system/password-policy.ts';

const tags = ['Users'];

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/users', {
    schema: {
      tags,
      summary: 'Users, paginated, searchable and filterable',
      querystring: userListQuerySchema,
      response: { 200: userListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => users.listUsers(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/users/export', {
    schema: {
      tags,
      summary: 'Every user matching the list filters, as a CSV download',
      querystring: userExportQuerySchema,
      response: {
        200: {
          description: 'CSV with a header row; cells that a spreadsheet would run as a formula start with a quote',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...ERROR_RESPONSES,
      },
    },
    handler: async (request, reply) => {
      const batches = users.exportUsers(app.db, requireAuth(request.auth), request.query);
      return sendCsv(reply, userExportFilename(), userCsv(batches));
    },
  });

  r.post('/api/admin/users', {
    schema: { tags, summary: 'Create a user', body: createUserSchema, response: { 201: createUserResponseSchema, ...ERROR_RESPONSES } },
    handler: async (request, reply) => {
      await assertPasswordAcceptable(app, request.body.password, 'password', request.body.email);
      return reply.status(201).send(await users.createUser(app.db, request, requireAuth(request.auth), request.body));
    },
  });

  r.get('/api/admin/users/:id', {
    schema: { tags, summary: 'One user', params: idParamsSchema, response: { 200: userSchema, ...ERROR_RESPONSES } },
    handler: async (request) => presentUser(await users.getUser(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.put('/api/admin/users/:id', {
    schema: {
      tags,
      summary: 'Update a user (only the fields sent change)',
      params: idParamsSchema,
      body: updateUserSchema,
      response: { 200: userSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => users.updateUser(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.delete('/api/admin/users/:id', {
    schema: {
      tags,
      summary: 'Delete a user (never yourself, never the last super admin)',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await users.deleteUser(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: SERVER_MESSAGES.userDeleted };
    },
  });

  r.put('/api/admin/users/:id/password', {
    schema: {
      tags,
      summary: "Set a user's password (ends their sessions and lockout)",
      params: idParamsSchema,
      body: resetPasswordSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const target = await users.getUser(app.db, requireAuth(request.auth), request.params.id);
      await assertPasswordAcceptable(app, request.body.new_password, 'new_password', target.email);
      await users.resetPassword(app.db, request, requireAuth(request.auth), request.params.id, request.body.new_password);
      return { success: true, message: SERVER_MESSAGES.passwordReset };
    },
  });

  r.post('/api/admin/users/:id/unlock', {
    schema: { tags, summary: 'End a lockout after failed sign-ins', params: idParamsSchema, response: { 200: userSchema, ...ERROR_RESPONSES } },
    handler: (request) => users.unlockUser(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.post('/api/admin/users/:id/approve', {
    schema: {
      tags,
      summary: 'Approve a self-registered account waiting for approval (it can sign in from now on)',
      params: idParamsSchema,
      response: { 200: userSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const user = await users.approveUser(app.db, app.config, request, requireAuth(request.auth), request.params.id);
      app.runtime.wake();
      return user;
    },
  });

  r.post('/api/admin/users/:id/reject', {
    schema: {
      tags,
      summary: 'Reject a self-registered account waiting for approval (it is removed)',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await users.rejectUser(app.db, app.config, request, requireAuth(request.auth), request.params.id);
      app.runtime.wake();
      return { success: true, message: SERVER_MESSAGES.userRejected };
    },
  });

  r.get('/api/admin/users/:id/permissions', {
    schema: {
      tags,
      summary: "A user's effective permissions, role defaults and extras",
      params: idParamsSchema,
      response: { 200: permissionsResponseSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => users.permissionsOf(await users.getUser(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.post('/api/admin/users/:id/permissions', {
    schema: {
      tags,
      summary: 'Grant an extra permission',
      params: idParamsSchema,
      body: addPermissionSchema,
      response: { 200: permissionsResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => users.addPermission(app.db, request, requireAuth(request.auth), request.params.id, request.body.permission),
  });

  r.delete('/api/admin/users/:id/permissions/:permission', {
    schema: { tags, summary: 'Withdraw an extra permission', params: permissionParamsSchema, response: { 200: permissionsResponseSchema, ...ERROR_RESPONSES } },
    handler: (request) => users.removePermission(app.db, request, requireAuth(request.auth), request.params.id, request.params.permission),
  });
}
