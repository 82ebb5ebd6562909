import { z } from 'zod';
import { idParamsSchema } from '../../common.ts';
import { brandingSchema, systemSettingsResponseSchema, systemSettingsUpdateSchema } from '../../system/settings.ts';
import { perm, PUBLIC, SUPER_ADMIN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * System (issue 17): the product-wide settings are read by whoever holds settings:read (administrators) and changed
 * by a super admin; the branding the sign-in page shows is public.
 */
const tags = ['System'] as const;

const logoQuerySchema = z.object({
  /** Changes with the file, so a browser never shows an old logo from its cache. */
  v: z.string().max(64).optional(),
});

export const SYSTEM_ENDPOINTS = defineEndpoints({
  getSystemSettings: {
    method: 'GET',
    path: '/api/admin/system/settings',
    tags,
    summary: 'Get the product-wide settings',
    description: 'Product-wide settings with their defaults.',
    access: perm('settings:read'),
    responses: { 200: systemSettingsResponseSchema },
  },
  updateSystemSettings: {
    method: 'PUT',
    path: '/api/admin/system/settings',
    tags,
    summary: 'Change product-wide settings',
    description: 'Only the keys sent change; audited with before and after.',
    access: SUPER_ADMIN,
    body: systemSettingsUpdateSchema,
    responses: { 200: systemSettingsResponseSchema },
  },
  getBranding: {
    method: 'GET',
    path: '/api/system/branding',
    tags,
    summary: 'Get the branding',
    description: 'Product name, logo and switches the sign-in page and the shell show (for your organization when signed in).',
    access: PUBLIC,
    responses: { 200: brandingSchema },
  },
  getBrandingLogo: {
    method: 'GET',
    path: '/api/system/branding/logo/:id',
    tags,
    summary: 'Get a logo image',
    description: 'A logo image (an enabled branding.logo entry, as GET /api/system/branding names it).',
    access: PUBLIC,
    params: idParamsSchema,
    query: logoQuerySchema,
    responses: {
      200: { description: 'A PNG, JPEG, GIF or WebP image (its type in content-type)', content: { 'application/octet-stream': { schema: z.string() } } },
    },
  },
});
