import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICATION_ENDPOINTS } from '@admin-portal/contract/api/endpoints/applications';
import { CASE_NOTE_ENDPOINTS } from '@admin-portal/contract/api/endpoints/case-notes';
import { requireAuth } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { actingOrganization, canSee, listScope } from '../../http/organization-scope.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentSummary } from './applications.presenter.ts';
import { findFileContent } from './applications.queries.ts';
import { cancelApplication, deleteApplication, getApplication, listApplications, retryApplication, visibleApplication } from './applications.service.ts';
import { sendDownload } from '../../http/download.ts';
import { startApplication } from './intake.service.ts';
import { countApplications, isAddressedTo, markNotificationsRead, notificationsFor } from './monitor.queries.ts';
import { addCaseNote, caseNotes, editCaseNote, redactNote } from './case-notes.service.ts';
import { assignReview, bulkReview, claimReview, decideReview, releaseReview, reviewers, reviewQueue, reviewQueueCounts } from './review-tasks.service.ts';

const startOfUtcDay = () => `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;
const reader = (auth: ReturnType<typeof requireAuth>) => ({ userId: auth.userId, role: auth.role, organizationId: auth.homeOrganizationId });

export async function applicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.listApplications),
    handler: (request) => listApplications(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.createManualApplication),
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
      await recordAudit(app.db, request, {
        action: 'application.create',
        targetType: 'application',
        targetId: row.id,
        organizationId,
        changes: { workflow_id: row.workflow_id },
      });
      return reply.status(201).send(presentSummary(row));
    },
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.getApplicationCounts),
    handler: (request) => {
      const auth = requireAuth(request.auth);
      const q = request.query;
      if (q.organization_id && !canSee(auth, q.organization_id)) throw forbidden();
      return countApplications(app.db, {
        organizationId: q.organization_id ?? listScope(auth),
        workflowId: q.workflow_id,
        todayFrom: q.today_from ?? startOfUtcDay(),
      });
    },
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.listStaffNotifications),
    handler: async (request) => {
      const q = request.query;
      const page = await notificationsFor(app.db, reader(requireAuth(request.auth)), q);
      return { ...page, limit: q.limit, offset: q.offset };
    },
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.markAllStaffNotificationsRead),
    handler: async (request) => {
      const n = await markNotificationsRead(app.db, reader(requireAuth(request.auth)), null);
      return { success: true, message: `${n} marked as read` };
    },
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.markStaffNotificationRead),
    handler: async (request) => {
      const me = reader(requireAuth(request.auth));
      const n = await markNotificationsRead(app.db, me, request.params.id);
      if (n === 0 && !(await isAddressedTo(app.db, me, request.params.id))) throw notFound('Notification');
      return { success: true };
    },
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.listReviewTasks),
    handler: (request) => reviewQueue(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.getReviewQueueCounts),
    handler: (request) => reviewQueueCounts(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.listReviewers),
    handler: (request) => reviewers(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.applyBulkReviewAction),
    handler: (request) => bulkReview(app.db, app.runtime, request, requireAuth(request.auth), request.body),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.claimReviewTask),
    handler: (request) => claimReview(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.releaseReviewTask),
    handler: (request) => releaseReview(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.assignReviewTask),
    handler: (request) => assignReview(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.decideReviewTask),
    handler: (request) => decideReview(app.db, app.runtime, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.listCaseNotes),
    handler: (request) => caseNotes(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.addCaseNote),
    handler: async (request, reply) => {
      reply.code(201);
      return addCaseNote(app.db, request, requireAuth(request.auth), request.params.id, request.body);
    },
  });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.updateCaseNote),
    handler: (request) => editCaseNote(app.db, request, requireAuth(request.auth), request.params.id, request.params.note_id, request.body),
  });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.redactCaseNote),
    handler: (request) => redactNote(app.db, request, requireAuth(request.auth), request.params.id, request.params.note_id),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.getApplication),
    handler: (request) => getApplication(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.downloadApplicationFile),
    handler: async (request, reply) => {
      await visibleApplication(app.db, requireAuth(request.auth), request.params.id);
      const file = await findFileContent(app.db, request.params.id, request.params.file_id);
      if (!file) throw notFound('File');
      return sendDownload(reply, file);
    },
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.deleteApplication),
    handler: (request) => deleteApplication(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.retryApplication),
    handler: async (request) => presentSummary(await retryApplication(app.db, app.runtime, request, requireAuth(request.auth), request.params.id)),
  });

  r.route({
    ...routeOf(APPLICATION_ENDPOINTS.cancelApplication),
    handler: async (request) => presentSummary(await cancelApplication(app.db, request, requireAuth(request.auth), request.params.id, request.body?.reason)),
  });
}
