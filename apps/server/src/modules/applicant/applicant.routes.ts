/**
 * The applicant's pages' API (`/api/apply`, ADR 0056), public: a workflow's start link starts a case; a case link,
 * sent as `Authorization: Bearer <token>`, reads the case, keeps a draft and answers the form it waits for. Rate
 * limited per address and per link; nothing of another case, and nothing of staff, is reachable.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICANT_LIMITS, APPLICANT_MESSAGES } from '@admin-portal/contract/applicant/api';
import { APPLICATION_MESSAGES, FORM_LIMITS } from '@admin-portal/contract/applications/api';
import { APPLICANT_ENDPOINTS } from '@admin-portal/contract/api/endpoints/applicant';
import { loadPinnedGraph, recordApplicantEvent } from '../../engine/commands.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { conflict, HttpError, invalidField, notFound, tooManyRequests } from '../../http/errors.ts';
import { rateLimiterFor } from '../../http/rate-limit.ts';
import { findApplication, type ApplicationRow } from '../applications/applications.queries.ts';
import { EventHub } from '../applications/event-hub.ts';
import { CaseSettler } from './case-settler.ts';
import { readMultipart } from '../applications/form-multipart.ts';
import { expectedFormOf, submitForm, type UploadedFile } from '../applications/forms.service.ts';
import { startApplication } from '../applications/intake.service.ts';
import { applicantBranding, presentApplicantCase } from './applicant-case.ts';
import { applicantSettingsOf, issueCaseLink, resolveCaseLink } from '../applicant-links/applicant-links.ts';
import { queueApplicantLinkEmail } from '../applicant-links/applicant-link-emails.ts';
import { type LinkRow, caseFileBytes, deleteDrafts, findWorkflowByStartLink, saveDraft, touchLink } from '../applicant-links/applicant-links.queries.ts';

const MINUTE = 60_000;
/** How long a form's answer waits for the case to reach its next screen. */
const SETTLE_MS = 1_500;

declare module 'fastify' {
  interface FastifyRequest {
    caseLink: { link: LinkRow; application: ApplicationRow } | null;
  }
}

export async function applicantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perAddress = rateLimiterFor(app.db, 'apply-address', MINUTE);
  const perLink = rateLimiterFor(app.db, 'apply-link', MINUTE);
  const startsPerAddress = rateLimiterFor(app.db, 'apply-start', 60 * MINUTE);
  await app.register(multipart, {
    limits: { fileSize: 1024 * 1024 * 1024, files: FORM_LIMITS.files, fields: FORM_LIMITS.fields, fieldSize: FORM_LIMITS.fieldBytes },
  });
  app.decorateRequest('caseLink', null);
  const hub = new EventHub(app.db);
  app.addHook('onClose', () => hub.close());
  const settler = new CaseSettler(app.db, hub);

  const refuseOver = async (limiter: typeof perAddress, key: string, limit: number, reply: FastifyReply) => {
    const verdict = await limiter.hit(key, limit);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw tooManyRequests();
    }
  };

  // Every answer of these pages: no caching, no referrer (the page's address holds its link).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });

  /** The case link of the request (401 without a working one), its address's and its own rate limits counted. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    await refuseOver(perAddress, request.ip, APPLICANT_LIMITS.callsPerAddressPerMinute, reply);
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const link = await resolveCaseLink(app.db, token);
    const application = link ? await findApplication(app.db, link.application_id) : null;
    if (!link || !application || application.organization_id !== link.organization_id) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, token ? APPLICANT_MESSAGES.linkInvalid : APPLICANT_MESSAGES.linkRequired);
    }
    await refuseOver(perLink, link.id, APPLICANT_LIMITS.callsPerLinkPerMinute, reply);
    request.caseLink = { link, application };
  };
  const caseOf = (request: FastifyRequest) => request.caseLink!;
  /** 404 for a step the case's workflow version does not have (409 follows for one it has but does not wait at). */
  const assertStepOf = async (application: ApplicationRow, stepId: string) => {
    const graph = await loadPinnedGraph(app.db, application.workflow_id, application.workflow_version);
    if (!graph?.steps.has(stepId)) throw notFound('Form step');
  };

  r.route({
    ...routeOf(APPLICANT_ENDPOINTS.getApplicantStartPage),
    handler: async (request, reply) => {
      await refuseOver(perAddress, request.ip, APPLICANT_LIMITS.callsPerAddressPerMinute, reply);
      const workflow = await findWorkflowByStartLink(app.db, request.params.link);
      if (!workflow || !workflow.organization_active) throw notFound('Start link');
      const { start } = applicantSettingsOf(workflow.settings);
      return {
        workflow_name: workflow.name,
        start: workflow.status === 'active' ? start : 'off',
        branding: await applicantBranding(app, workflow.organization_id, workflow.settings),
      };
    },
  });

  r.route({
    ...routeOf(APPLICANT_ENDPOINTS.startApplicantCase),
    handler: async (request, reply) => {
      await refuseOver(startsPerAddress, request.ip, APPLICANT_LIMITS.startsPerAddressPerHour, reply);
      const workflow = await findWorkflowByStartLink(app.db, request.params.link);
      if (!workflow || !workflow.organization_active) throw notFound('Start link');
      if (request.body.website) throw invalidField('website', 'Leave this field empty');
      const settings = applicantSettingsOf(workflow.settings);
      if (settings.start === 'invitation') throw conflict(APPLICANT_MESSAGES.startInvitationOnly);
      if (settings.start === 'off' || workflow.status !== 'active') throw conflict(APPLICANT_MESSAGES.startClosed);
      const { row } = await startApplication(
        app.db,
        app.runtime,
        {
          organizationId: workflow.organization_id,
          source: 'apply',
          actor: { type: 'applicant', id: null },
          apiKeyId: null,
          userId: null,
          environment: 'production',
        },
        { workflow_id: workflow.id, applicant: { name: request.body.name, email: request.body.email }, data: {} },
      );
      // The link for this page, and one by e-mail to come back by.
      const issued = await app.db.transaction(async (tx) => {
        const made = await issueCaseLink(tx, {
          organizationId: row.organization_id,
          applicationId: row.id,
          createdBy: { type: 'applicant', id: null },
          days: settings.linkDays,
          publicUrl: app.config.publicUrl,
        });
        await queueApplicantLinkEmail(tx, app.db, app.config, {
          organizationId: row.organization_id,
          applicationId: row.id,
          requestedBy: { type: 'applicant', id: null },
        });
        return made.issued;
      });
      app.runtime.wake();
      return reply.status(201).send(issued);
    },
  });

  r.route({
    ...routeOf(APPLICANT_ENDPOINTS.getApplicantCase),
    preHandler: authenticate,
    handler: async (request) => {
      const { link, application } = caseOf(request);
      if (await touchLink(app.db, link.id)) {
        await app.db.transaction((tx) => recordApplicantEvent(tx, app.db, application, 'applicant_visited', { type: 'applicant', id: null }));
      }
      return presentApplicantCase(app, application);
    },
  });

  r.route({
    ...routeOf(APPLICANT_ENDPOINTS.saveApplicantDraft),
    preHandler: authenticate,
    handler: async (request) => {
      const { application } = caseOf(request);
      if (Buffer.byteLength(JSON.stringify(request.body.answers)) > APPLICANT_LIMITS.draftBytes)
        throw new HttpError(413, APPLICANT_MESSAGES.draftTooLarge(APPLICANT_LIMITS.draftBytes));
      const form = await expectedFormOf(app.db, application, request.body.step_id);
      const keys = new Set(form.fields.filter((f) => f.type !== 'file').map((f) => f.key));
      const answers = Object.fromEntries(Object.entries(request.body.answers).filter(([k]) => keys.has(k)));
      await saveDraft(app.db, {
        organizationId: application.organization_id,
        applicationId: application.id,
        stepRunId: application.current_step_run_id!,
        answers,
      });
      return { saved_at: new Date().toISOString() };
    },
  });

  r.route({
    ...routeOf(APPLICANT_ENDPOINTS.answerApplicantForm),
    preHandler: authenticate,
    onSend: async (request, reply) => {
      if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
    },
    handler: async (request) => {
      const { application } = caseOf(request);
      await assertStepOf(application, request.params.step_id);
      const form = await expectedFormOf(app.db, application, request.params.step_id);
      let answers: Record<string, unknown> = request.body ?? {};
      let files: UploadedFile[] = [];
      if (request.isMultipart()) {
        const uploadLimit = (await app.settings.get()).upload_limit_bytes;
        const left = Math.max(0, APPLICANT_LIMITS.caseFileBytes - (await caseFileBytes(app.db, application.id)));
        const most = Math.min(FORM_LIMITS.files * uploadLimit, left) + app.config.bodyLimit;
        if (Number(request.headers['content-length'] ?? 0) > most) throw new HttpError(413, APPLICATION_MESSAGES.formTooLarge(most));
        ({ answers, files } = await readMultipart(request, form, uploadLimit));
        const sent = files.reduce((sum, f) => sum + f.content.length, 0);
        if (sent > left) throw new HttpError(413, APPLICANT_MESSAGES.caseFilesTooLarge(APPLICANT_LIMITS.caseFileBytes));
      }
      await submitForm(
        app.db,
        app.runtime,
        { organizationId: application.organization_id, actor: { type: 'applicant', id: null } },
        application.id,
        request.params.step_id,
        answers,
        files,
        (tx) => deleteDrafts(tx, application.id),
      );
      // The next screen, not "processing": the runtime takes a case from one form to the next in milliseconds.
      await settler.settled(application.id, application.organization_id, SETTLE_MS);
      return presentApplicantCase(app, (await findApplication(app.db, application.id))!);
    },
  });
}
