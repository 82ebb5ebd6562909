import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicationCountsQuerySchema,
  applicationCountsSchema,
  applicationDetailSchema,
  applicationFileParamsSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationSummarySchema,
  cancelApplicationSchema,
  createManualApplicationSchema,
  decideReviewSchema,
  assignReviewSchema,
  caseNoteBodySchema,
  caseNoteListSchema,
  caseNoteParamsSchema,
  caseNoteSchema,
  bulkReviewResponseSchema,
  bulkReviewSchema,
  reviewerListQuerySchema,
  reviewerListSchema,
  reviewQueueCountsQuerySchema,
  reviewQueueCountsSchema,
  reviewTaskListQuerySchema,
  reviewTaskListSchema,
  reviewTaskSchema,
  staffNotificationListSchema,
  staffNotificationQuerySchema,
} from '@admin-portal/contract/applications/api';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { requireAuth } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { actingOrganization, canSee, listScope } from '../../http/organization-scope.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentSummary } from './applications.presenter.ts';
import { findFileContent } from './applications.queries.ts';
import { cancelApplication, deleteApplication, getApplication, listApplications, retryApplication, visibleApplication } from './applications.service.ts';
import { DOWNLOAD_RESPONSES, sendDownload } from '../../http/download.ts';
import { startApplication } from './intake.service.ts';
import { countApplications, isAddressedTo, markNotificationsRead, notificationsFor } from './monitor.queries.ts';
import { addCaseNote, caseNotes, editCaseNote, redactNote } from './case-notes.service.ts';
import { assignReview, bulkReview, claimReview, decideReview, releaseReview, reviewers, reviewQueue, reviewQueueCounts } from './review-tasks.service.ts';

const startOfUtcDay = () => `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;
const reader = (auth: ReturnType<typeof requireAuth>) => ({ userId: auth.userId, role: auth.role, organizationId: auth.homeOrganizationId });

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

  r.get('/api/admin/applications/counts', {
    schema: {
      tags,
      summary: "The monitor's counters: in progress, waiting for review, overdue, completed today, failed",
      querystring: applicationCountsQuerySchema,
      response: { 200: applicationCountsSchema, ...ERROR_RESPONSES },
    },
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

  r.get('/api/admin/applications/notifications', {
    schema: {
      tags,
      summary: 'Staff notifications addressed to the caller (to their user, or to their role in their organization), newest first',
      querystring: staffNotificationQuerySchema,
      response: { 200: staffNotificationListSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const q = request.query;
      const page = await notificationsFor(app.db, reader(requireAuth(request.auth)), q);
      return { ...page, limit: q.limit, offset: q.offset };
    },
  });

  r.post('/api/admin/applications/notifications/read', {
    schema: { tags, summary: 'Mark every notification addressed to the caller as read', response: { 200: successSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      const n = await markNotificationsRead(app.db, reader(requireAuth(request.auth)), null);
      return { success: true, message: `${n} marked as read` };
    },
  });

  r.post('/api/admin/applications/notifications/:id/read', {
    schema: {
      tags,
      summary: 'Mark one notification addressed to the caller as read',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const me = reader(requireAuth(request.auth));
      const n = await markNotificationsRead(app.db, me, request.params.id);
      if (n === 0 && !(await isAddressedTo(app.db, me, request.params.id))) throw notFound('Notification');
      return { success: true };
    },
  });

  r.get('/api/admin/applications/review-tasks', {
    schema: {
      tags,
      summary: 'Review tasks, soonest deadline first',
      querystring: reviewTaskListQuerySchema,
      response: { 200: reviewTaskListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => reviewQueue(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/applications/review-tasks/counts', {
    schema: {
      tags,
      summary: "The caller's open reviews: the ones they have, the unclaimed ones of their roles, all of their roles, theirs overdue",
      querystring: reviewQueueCountsQuerySchema,
      response: { 200: reviewQueueCountsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => reviewQueueCounts(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/applications/review-tasks/reviewers', {
    schema: {
      tags,
      summary: 'Staff who may decide reviews (of one assignee role), with the open reviews each has: whom a lead can assign a review to',
      querystring: reviewerListQuerySchema,
      response: { 200: reviewerListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => reviewers(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/applications/review-tasks/bulk', {
    schema: {
      tags,
      summary:
        'One action (approve, reject with one comment, claim, release, assign) on up to 500 reviews: each checked and done as if alone, each with its own result (the status the action alone would answer, and why it was refused)',
      body: bulkReviewSchema,
      response: { 200: bulkReviewResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => bulkReview(app.db, app.runtime, request, requireAuth(request.auth), request.body),
  });

  r.post('/api/admin/applications/review-tasks/:id/claim', {
    schema: {
      tags,
      summary:
        "Claim an open review: it becomes the caller's (its role, administrators). If someone else has it, 409 names them; claiming one's own again changes nothing",
      params: idParamsSchema,
      response: { 200: reviewTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => claimReview(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.post('/api/admin/applications/review-tasks/:id/release', {
    schema: {
      tags,
      summary: "Release a claimed review back to its role's queue: the person who has it, or a lead with manage_reviews",
      params: idParamsSchema,
      response: { 200: reviewTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => releaseReview(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.put('/api/admin/applications/review-tasks/:id/assignee', {
    schema: {
      tags,
      summary:
        'Assign (or reassign) an open review to a named person who may decide it (its role or an administrator of its organization); they get a portal notification. Needs manage_reviews',
      params: idParamsSchema,
      body: assignReviewSchema,
      response: { 200: reviewTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => assignReview(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.post('/api/admin/applications/review-tasks/:id/decision', {
    schema: {
      tags,
      summary:
        "Approve or reject (with a comment) a review task: its step's role, administrators and super administrators decide; once someone has the review (claimed or assigned), only they do",
      params: idParamsSchema,
      body: decideReviewSchema,
      response: { 200: reviewTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => decideReview(app.db, app.runtime, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.get('/api/admin/applications/:id/notes', {
    schema: {
      tags,
      summary: "A case's staff notes, oldest first (never shown to the applicant)",
      params: idParamsSchema,
      response: { 200: caseNoteListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => caseNotes(app.db, requireAuth(request.auth), request.params.id),
  });

  r.post('/api/admin/applications/:id/notes', {
    schema: {
      tags,
      summary:
        'Add a staff note (markdown; @their-email mentions a colleague, who gets a portal notification). Staff who may decide reviews add notes; it shows in the timeline and the audit log',
      params: idParamsSchema,
      body: caseNoteBodySchema,
      response: { 201: caseNoteSchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return addCaseNote(app.db, request, requireAuth(request.auth), request.params.id, request.body);
    },
  });

  r.put('/api/admin/applications/:id/notes/:note_id', {
    schema: {
      tags,
      summary: 'Change a note: its author only, within 5 minutes of writing it (409 after), never a redacted one',
      params: caseNoteParamsSchema,
      body: caseNoteBodySchema,
      response: { 200: caseNoteSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => editCaseNote(app.db, request, requireAuth(request.auth), request.params.id, request.params.note_id, request.body),
  });

  r.post('/api/admin/applications/:id/notes/:note_id/redact', {
    schema: {
      tags,
      summary: 'Redact a note (administrators): its text and mentions go; who redacted it and when stay',
      params: caseNoteParamsSchema,
      response: { 200: caseNoteSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => redactNote(app.db, request, requireAuth(request.auth), request.params.id, request.params.note_id),
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

  r.get('/api/admin/applications/:id/files/:file_id', {
    schema: {
      tags,
      summary: 'Download a file the applicant uploaded (always as an attachment, never shown inline)',
      params: applicationFileParamsSchema,
      response: DOWNLOAD_RESPONSES,
    },
    handler: async (request, reply) => {
      await visibleApplication(app.db, requireAuth(request.auth), request.params.id);
      const file = await findFileContent(app.db, request.params.id, request.params.file_id);
      if (!file) throw notFound('File');
      return sendDownload(reply, file);
    },
  });

  r.delete('/api/admin/applications/:id', {
    schema: {
      tags,
      summary: "Erase an application: the applicant's data, files and history (the audit row stays)",
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => deleteApplication(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.post('/api/admin/applications/:id/retry', {
    schema: {
      tags,
      summary: 'Run the failed step of a failed application again',
      params: idParamsSchema,
      response: { 200: applicationSummarySchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => presentSummary(await retryApplication(app.db, app.runtime, request, requireAuth(request.auth), request.params.id)),
  });

  r.post('/api/admin/applications/:id/cancel', {
    schema: {
      tags,
      summary: 'Stop an application in progress',
      params: idParamsSchema,
      body: cancelApplicationSchema.optional(),
      response: { 200: applicationSummarySchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => presentSummary(await cancelApplication(app.db, request, requireAuth(request.auth), request.params.id, request.body?.reason)),
  });
}
