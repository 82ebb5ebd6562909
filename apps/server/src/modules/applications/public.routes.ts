/**
 * The public intake API (`/api/public/v1`), for an organization's systems with an API key of the `intake`
 * scope (the same keys and headers as MCP): start an application, read its status, answer the form it waits
 * for (JSON, or multipart/form-data with files). Rate limited per key.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICATION_MESSAGES, FORM_LIMITS } from '@admin-portal/contract/applications/api';
import { INTAKE_ENDPOINTS } from '@admin-portal/contract/api/endpoints/intake';
import { loadPinnedGraph } from '../../engine/commands.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.ts';
import { rateLimiterFor } from '../../http/rate-limit.ts';
import { authenticateApiKey, presentedApiKey } from '../api-keys/api-keys.service.ts';
import type { ApiKeyRow } from '../api-keys/api-keys.queries.ts';
import { findApplication } from './applications.queries.ts';
import { applicantSettingsOf, issueCaseLink } from '../applicant-links/applicant-links.ts';
import { findOrganizationSettings } from '../applicant-links/applicant-links.queries.ts';
import { presentPublic, PUBLIC_BASE } from './applications.presenter.ts';
import { readMultipart } from './form-multipart.ts';
import { expectedForm, submitForm, type UploadedFile } from './forms.service.ts';
import { idempotencyKeyOf, startApplication } from './intake.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyRow | null;
  }
}

export async function publicApplicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per API key per minute, counted across every process on the database.
  const limiter = rateLimiterFor(app.db, 'intake', 60_000);
  // The file size limit is the system settings' (per request, below); this is the ceiling.
  await app.register(multipart, {
    limits: { fileSize: 1024 * 1024 * 1024, files: FORM_LIMITS.files, fields: FORM_LIMITS.fields, fieldSize: FORM_LIMITS.fieldBytes },
  });
  app.decorateRequest('apiKey', null);

  /** The intake key of the request, its rate limit counted; 401 without one. */
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const presented = presentedApiKey(request);
    const key = presented ? await authenticateApiKey(app.db, presented, 'intake') : null;
    if (!key) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, APPLICATION_MESSAGES.apiKeyRequired);
    }
    // System Configuration: intake.enabled switches intake off, intake.rate_limit_per_minute replaces INTAKE_RATE_LIMIT
    // (for the key's organization and environment).
    if (!(await app.effectiveConfig.flag('intake.enabled', key.organization_id, key.environment, true))) {
      reply.header('retry-after', '300');
      throw new HttpError(503, APPLICATION_MESSAGES.intakeDisabled);
    }
    const perMinute = await app.effectiveConfig.number('intake.rate_limit_per_minute', key.organization_id, key.environment, app.config.intakeRateLimit);
    const verdict = await limiter.hit(key.id, Math.max(0, Math.floor(perMinute)));
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw tooManyRequests();
    }
    request.apiKey = key;
  };
  const keyOf = (request: FastifyRequest) => request.apiKey!;

  r.route({
    ...routeOf(INTAKE_ENDPOINTS.startApplication),
    preHandler: authenticate,
    handler: async (request, reply) => {
      const key = keyOf(request);
      const { row, created } = await startApplication(
        app.db,
        app.runtime,
        {
          organizationId: key.organization_id,
          source: 'api',
          actor: { type: 'api_key', id: key.id },
          apiKeyId: key.id,
          userId: null,
          environment: key.environment,
        },
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
      );
      const graph = await loadPinnedGraph(app.db, row.workflow_id, row.workflow_version);
      // A replay gets a new link too: the first answer's may never have arrived, and only its hash is kept.
      const { linkDays } = applicantSettingsOf(await findOrganizationSettings(app.db, row.organization_id));
      const { issued } = await app.db.transaction((tx) =>
        issueCaseLink(tx, {
          organizationId: row.organization_id,
          applicationId: row.id,
          createdBy: { type: 'api_key', id: key.id },
          days: linkDays,
          publicUrl: app.config.publicUrl,
        }),
      );
      reply.header('location', `${PUBLIC_BASE}/${row.id}`);
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.status(created ? 201 : 200).send({ ...presentPublic(row, graph), applicant_url: issued.url });
    },
  });

  r.route({
    ...routeOf(INTAKE_ENDPOINTS.getApplicationStatus),
    preHandler: authenticate,
    handler: async (request) => {
      const row = await findApplication(app.db, request.params.id);
      if (!row || row.organization_id !== keyOf(request).organization_id) throw notFound('Application');
      return presentPublic(row, await loadPinnedGraph(app.db, row.workflow_id, row.workflow_version));
    },
  });

  r.route({
    ...routeOf(INTAKE_ENDPOINTS.answerApplicationForm),
    preHandler: authenticate,
    // An answer given before the whole upload was read closes the connection: Node would otherwise read (and drop)
    // the rest of the body to keep the connection for another request.
    onSend: async (request, reply) => {
      if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
    },
    handler: async (request) => {
      const key = keyOf(request);
      // Everything that can be refused without the body is, before a multipart body is read at all.
      const form = await expectedForm(app.db, key.organization_id, request.params.id, request.params.step_id);
      let answers: Record<string, unknown> = request.body ?? {};
      let files: UploadedFile[] = [];
      if (request.isMultipart()) {
        const uploadLimit = (await app.settings.get()).upload_limit_bytes;
        const most = FORM_LIMITS.files * uploadLimit + app.config.bodyLimit;
        if (Number(request.headers['content-length'] ?? 0) > most) throw new HttpError(413, APPLICATION_MESSAGES.formTooLarge(most));
        ({ answers, files } = await readMultipart(request, form, uploadLimit));
      }
      await submitForm(
        app.db,
        app.runtime,
        { organizationId: key.organization_id, actor: { type: 'api_key', id: key.id } },
        request.params.id,
        request.params.step_id,
        answers,
        files,
      );
      const row = (await findApplication(app.db, request.params.id))!;
      return presentPublic(row, await loadPinnedGraph(app.db, row.workflow_id, row.workflow_version));
    },
  });
}
