import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationSummarySchema,
  cancelApplicationSchema,
  createManualApplicationSchema,
  decideReviewSchema,
  reviewTaskListQuerySchema,
  reviewTaskListSchema,
  reviewTaskSchema,
} from '@admin-portal/contract/applications/api';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { requireAuth } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { actingOrganization, canSee } from '../../http/organization-scope.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentSummary } from './applications.presenter.ts';
import { cancelApplication, deleteApplication, getApplication, listApplications, retryApplication } from './applications.service.ts';
import { startApplication } from './intake.service.ts';
import { decideReview, reviewQueue } from './review-tasks.service.ts';

const tags = ['Applications'];

export async function applicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/applications', {
    schema: {
      tags,
      summary: 'Applications, newest first, with filters and keyset pages (`next_cursor`)',
      querystring: applicationListQuerySchema,
      response: { 200: applicationListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => listApplications(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/applications', {
    schema: {
      tags,
      summary: 'Start an application by hand (staff), on an active workflow',
      body: createManualApplicationSchema,
      response: { 201: applicationSummarySchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request.auth);
      const { organization_id, ...body } = request.body;
      const organizationId = organization_id ?? actingOrganization(auth);
      if (!canSee(auth, organizationId)) throw forbidden();
      const { row } = await startApplication(
        app.db,
        app.runtime,
        { organizationId, source: 'manual', actor: { type: 'user', id: auth.userId }, apiKeyId: null, userId: auth.userId, environment: 'production' },
        body,
      );
      await recordAudit(app.db, request, { action: 'application.create', targetType: 'application', targetId: row.id, organizationId, changes: { workflow_id: row.workflow_id } });
      return reply.status(201).send(presentSummary(row));
    },
  });

  r.get('/api/admin/applications/review-tasks', {
    schema: { tags, summary: 'Review tasks, soonest deadline first', querystring: reviewTaskListQuerySchema, response: { 200: reviewTaskListSchema, ...ERROR_RESPONSES } },
    handler: (request) => reviewQueue(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/applications/review-tasks/:id/decision', {
    schema: {
      tags,
      summary: "Approve or reject (with a comment) a review task: its step's role, administrators and super administrators decide",
      params: idParamsSchema,
      body: decideReviewSchema,
      response: { 200: reviewTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => decideReview(app.db, app.runtime, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.get('/api/admin/applications/:id', {
    schema: {
      tags,
      summary: 'One application: applicant, data, steps, event timeline, review tasks, tool calls and files',
      params: idParamsSchema,
      response: { 200: applicationDetailSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => getApplication(app.db, requireAuth(request.auth), request.params.id),
  });

  r.delete('/api/admin/applications/:id', {
    schema: { tags, summary: "Erase an application: the applicant's data, files and history (the audit row stays)", params: idParamsSchema, response: { 200: successSchema, ...ERROR_RESPONSES } },
    handler: (request) => deleteApplication(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.post('/api/admin/applications/:id/retry', {
    schema: { tags, summary: 'Run the failed step of a failed application again', params: idParamsSchema, response: { 200: applicationSummarySchema, ...ERROR_RESPONSES } },
    handler: async (request) => presentSummary(await retryApplication(app.db, app.runtime, request, requireAuth(request.auth), request.params.id)),
  });

  r.post('/api/admin/applications/:id/cancel', {
    schema: { tags, summary: 'Stop an application in progress', params: idParamsSchema, body: cancelApplicationSchema.optional(), response: { 200: applicationSummarySchema, ...ERROR_RESPONSES } },
    handler: async (request) => presentSummary(await cancelApplication(app.db, request, requireAuth(request.auth), request.params.id, request.body?.reason)),
  });
}
