import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { SYSTEM_CONFIG_ENDPOINTS } from '@admin-portal/contract/api/endpoints/system-config';
import { CONFIG_MESSAGES } from '@admin-portal/contract/system/config';
import { requireAuth } from '../../http/context.ts';
import { attachment } from '../../http/csv.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { HttpError } from '../../http/errors.ts';
import { readFileStream, servedContentType } from './config-files.ts';
import { presentConfig } from './config.presenter.ts';
import * as configs from './config.service.ts';

/** Spec §7 "System config": typed configuration entries, by organization and environment, with file upload. */
export async function systemConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Limits here are the ceilings; each upload is held to the settings' limit (request.parts limits).
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.listSystemConfigEntries),
    handler: async (request) => {
      const { rows, total } = await configs.listConfigEntries(app.db, requireAuth(request.auth), request.query);
      return { items: rows.map(presentConfig), total, limit: request.query.limit, offset: request.query.offset };
    },
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.createSystemConfigEntry),
    handler: async (request, reply) =>
      reply.status(201).send(presentConfig(await configs.createConfigEntry(app, request, requireAuth(request.auth), request.body))),
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.getSystemConfigStats),
    handler: (request) => configs.configEntryStats(app, requireAuth(request.auth)),
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.getEffectiveSystemConfigEntry),
    handler: async (request) => {
      const found = await configs.effectiveConfigEntry(app, requireAuth(request.auth), request.params.key, request.query.environment);
      return {
        key: found.key,
        organization_id: found.organization_id,
        environment: found.environment,
        resolved_from: found.resolved_from,
        entry: presentConfig(found.row),
      };
    },
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.uploadSystemConfigFile),
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      const { row, created } = await configs.uploadConfigFile(app, request, requireAuth(request.auth));
      return reply.status(created ? 201 : 200).send(presentConfig(row));
    },
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.getSystemConfigEntry),
    handler: async (request) => presentConfig(await configs.getConfigEntry(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.downloadSystemConfigFile),
    handler: async (request, reply) => {
      const row = await configs.getConfigEntry(app.db, requireAuth(request.auth), request.params.id);
      if (row.value_type !== 'file' || !row.file_id) throw new HttpError(404, CONFIG_MESSAGES.notAFile);
      return reply
        .header('content-type', servedContentType(row.content_type ?? 'application/octet-stream'))
        .header('content-length', String(row.size_bytes ?? 0))
        .header('content-disposition', attachment(row.file_name ?? 'file'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('x-content-sha256', row.sha256 ?? '')
        .send(readFileStream(app.db, row.file_id) as unknown as string);
    },
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.updateSystemConfigEntry),
    handler: async (request) => presentConfig(await configs.updateConfigEntry(app, request, requireAuth(request.auth), request.params.id, request.body)),
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.deleteSystemConfigEntry),
    handler: async (request) => {
      await configs.deleteConfigEntry(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Configuration entry deleted' };
    },
  });

  r.route({
    ...routeOf(SYSTEM_CONFIG_ENDPOINTS.toggleSystemConfigEntry),
    handler: async (request) => presentConfig(await configs.toggleConfigEntry(app, request, requireAuth(request.auth), request.params.id)),
  });
}
