import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SYSTEM_ENDPOINTS } from '@admin-portal/contract/api/endpoints/system';
import { LOGO_CONTENT_TYPES } from '@admin-portal/contract/system/config';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { notFound } from '../../http/errors.ts';
import { readFileStream } from '../system-config/config-files.ts';
import { findConfig } from '../system-config/config.queries.ts';
import { brandingFor } from './branding.ts';
import { getSystemSettings, updateSystemSettings } from './settings.service.ts';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(SYSTEM_ENDPOINTS.getSystemSettings),
    handler: () => getSystemSettings(app),
  });

  r.route({
    ...routeOf(SYSTEM_ENDPOINTS.updateSystemSettings),
    handler: (request) => updateSystemSettings(app, request, requireAuth(request.auth).userId, request.body),
  });

  r.route({
    ...routeOf(SYSTEM_ENDPOINTS.getBranding),
    handler: (request) => brandingFor(app, request.auth),
  });

  r.route({
    ...routeOf(SYSTEM_ENDPOINTS.getBrandingLogo),
    handler: async (request, reply) => {
      const row = await findConfig(app.db, request.params.id);
      if (!row || row.key !== 'branding.logo' || !row.is_enabled || !row.file_id || !(LOGO_CONTENT_TYPES as readonly string[]).includes(row.content_type ?? ''))
        throw notFound('Logo');
      return reply
        .header('content-type', row.content_type!)
        .header('content-length', String(row.size_bytes ?? 0))
        .header('content-disposition', 'inline; filename="logo"')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=300')
        .send(readFileStream(app.db, row.file_id) as unknown as string);
    },
  });
}
