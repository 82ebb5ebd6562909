import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@admin-portal/contract/common';
import { LOGO_CONTENT_TYPES } from '@admin-portal/contract/system/config';
import { brandingSchema, systemSettingsResponseSchema, systemSettingsUpdateSchema } from '@admin-portal/contract/system/settings';
import { requireAuth } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { readFileStream } from '../system-config/config-files.ts';
import { findConfig } from '../system-config/config.queries.ts';
import { brandingFor } from './branding.ts';
import { getSystemSettings, updateSystemSettings } from './settings.service.ts';

const tags = ['System'];

const logoQuerySchema = z.object({
  /** Changes with the file, so a browser never shows an old logo from its cache. */
  v: z.string().max(64).optional(),
});

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/system/settings', {
    schema: { tags, summary: 'Product-wide settings with their defaults', response: { 200: systemSettingsResponseSchema, ...ERROR_RESPONSES } },
    handler: () => getSystemSettings(app),
  });

  r.put('/api/admin/system/settings', {
    schema: {
      tags,
      summary: 'Change product-wide settings (only the keys sent change; audited with before and after)',
      body: systemSettingsUpdateSchema,
      response: { 200: systemSettingsResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => updateSystemSettings(app, request, requireAuth(request.auth).userId, request.body),
  });

  r.get('/api/system/branding', {
    schema: {
      tags,
      summary: 'Product name, logo and switches the sign-in page and the shell show (for your organization when signed in)',
      response: { 200: brandingSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => brandingFor(app, request.auth),
  });

  r.get('/api/system/branding/logo/:id', {
    schema: {
      tags,
      summary: 'A logo image (an enabled branding.logo entry, as GET /api/system/branding names it)',
      params: idParamsSchema,
      querystring: logoQuerySchema,
      response: {
        200: { description: 'A PNG, JPEG, GIF or WebP image (its type in content-type)', content: { 'application/octet-stream': { schema: z.string() } } },
        ...ERROR_RESPONSES,
      },
    },
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
