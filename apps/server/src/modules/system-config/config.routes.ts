import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import {
  configByKeyParamsSchema,
  configByKeyQuerySchema,
  configCreateSchema,
  configEffectiveSchema,
  configEntrySchema,
  configListQuerySchema,
  configListSchema,
  configStatsSchema,
  configUpdateSchema,
  CONFIG_MESSAGES,
} from '@admin-portal/contract/system/config';
import { requireAuth } from '../../http/context.ts';
import { attachment } from '../../http/csv.ts';
import { HttpError } from '../../http/errors.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { readFileStream, servedContentType } from './config-files.ts';
import { presentConfig } from './config.presenter.ts';
import * as configs from './config.service.ts';

const tags = ['System config'];

/** Spec §7 "System config": typed configuration entries, by organization and environment, with file upload. */
export async function systemConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Limits here are the ceilings; each upload is held to the settings' limit (request.parts limits).
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });

  r.get('/api/admin/system-config', {
    schema: {
      tags,
      summary: 'Configuration entries you can see, filtered and paginated',
      querystring: configListQuerySchema,
      response: { 200: configListSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const { rows, total } = await configs.listConfigEntries(app.db, requireAuth(request.auth), request.query);
      return { items: rows.map(presentConfig), total, limit: request.query.limit, offset: request.query.offset };
    },
  });

  r.post('/api/admin/system-config', {
    schema: {
      tags,
      summary: 'Create a typed entry (string, number, boolean, JSON or secret)',
      body: configCreateSchema,
      response: { 201: configEntrySchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) =>
      reply.status(201).send(presentConfig(await configs.createConfigEntry(app, request, requireAuth(request.auth), request.body))),
  });

  r.get('/api/admin/system-config/stats', {
    schema: {
      tags,
      summary: 'Counts by environment, organization, enabled and kind; total size of files',
      response: { 200: configStatsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => configs.configEntryStats(app, requireAuth(request.auth)),
  });

  r.get('/api/admin/system-config/by-key/:key', {
    schema: {
      tags,
      summary: "The entry in force for your organization and an environment (the server's own unless named)",
      description: 'Organization + environment beats organization (every environment) beats global + environment beats global; disabled entries do not count.',
      params: configByKeyParamsSchema,
      querystring: configByKeyQuerySchema,
      response: { 200: configEffectiveSchema, ...ERROR_RESPONSES },
    },
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

  r.post('/api/admin/system-config/upload-binary', {
    schema: {
      tags,
      summary: 'Upload a file entry (multipart/form-data: key, description, organization_id, environment, file)',
      description:
        'A multipart/form-data body (no JSON): text fields `key` (required), `description`, `organization_id` (default: your organization; a super admin ' +
        'acting in none: all organizations), `environment` (development, staging or production; default: every environment), and one file part `file`. ' +
        'The file streams into the database; above the upload limit of the system settings the answer is 413. The same key, organization and ' +
        'environment replaces the file (200); a new one answers 201. branding.logo takes PNG, JPEG, GIF or WebP images only (415).',
      response: { 200: configEntrySchema, 201: configEntrySchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      const { row, created } = await configs.uploadConfigFile(app, request, requireAuth(request.auth));
      return reply.status(created ? 201 : 200).send(presentConfig(row));
    },
  });

  r.get('/api/admin/system-config/:id', {
    schema: {
      tags,
      summary: 'One entry (a secret shows only that it is set)',
      params: idParamsSchema,
      response: { 200: configEntrySchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => presentConfig(await configs.getConfigEntry(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.get('/api/admin/system-config/:id/file', {
    schema: {
      tags,
      summary: "Download a file entry's file (always as an attachment, never shown inline)",
      params: idParamsSchema,
      response: {
        200: { description: 'The file; its SHA-256 in `x-content-sha256`', content: { 'application/octet-stream': { schema: z.string() } } },
        ...ERROR_RESPONSES,
      },
    },
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

  r.put('/api/admin/system-config/:id', {
    schema: {
      tags,
      summary: 'Change an entry (a secret left out keeps the stored one)',
      params: idParamsSchema,
      body: configUpdateSchema,
      response: { 200: configEntrySchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => presentConfig(await configs.updateConfigEntry(app, request, requireAuth(request.auth), request.params.id, request.body)),
  });

  r.delete('/api/admin/system-config/:id', {
    schema: { tags, summary: 'Delete an entry (and its file)', params: idParamsSchema, response: { 200: successSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      await configs.deleteConfigEntry(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Configuration entry deleted' };
    },
  });

  r.post('/api/admin/system-config/:id/toggle', {
    schema: { tags, summary: 'Enable or disable an entry', params: idParamsSchema, response: { 200: configEntrySchema, ...ERROR_RESPONSES } },
    handler: async (request) => presentConfig(await configs.toggleConfigEntry(app, request, requireAuth(request.auth), request.params.id)),
  });
}
