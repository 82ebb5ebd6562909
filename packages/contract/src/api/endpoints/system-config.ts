import { z } from 'zod';
import { idParamsSchema, successSchema } from '../../common.ts';
import { CONFIGURE } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { filePart } from '../form-parts.ts';
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
  configUploadFieldsSchema,
} from '../../system/config.ts';

/**
 * System Configuration (issue 17, spec §7 "System config"): typed configuration entries, by organization and
 * environment, with file upload. Spec §6's rule for its menu item; an organization's entries are its
 * administrators', entries for all organizations a super admin's (the service checks both).
 */
const tags = ['System config'] as const;

export const SYSTEM_CONFIG_ENDPOINTS = defineEndpoints({
  listSystemConfigEntries: {
    method: 'GET',
    path: '/api/admin/system-config',
    tags,
    summary: 'List configuration entries',
    description: 'Configuration entries you can see, filtered and paginated.',
    access: CONFIGURE,
    query: configListQuerySchema,
    responses: { 200: configListSchema },
  },
  createSystemConfigEntry: {
    method: 'POST',
    path: '/api/admin/system-config',
    tags,
    summary: 'Create a typed entry (string, number, boolean, JSON or secret)',
    access: CONFIGURE,
    body: configCreateSchema,
    responses: { 201: configEntrySchema },
  },
  getSystemConfigStats: {
    method: 'GET',
    path: '/api/admin/system-config/stats',
    tags,
    summary: 'Get configuration statistics',
    description: 'Counts by environment, organization, enabled and kind; total size of files.',
    access: CONFIGURE,
    responses: { 200: configStatsSchema },
  },
  getEffectiveSystemConfigEntry: {
    method: 'GET',
    path: '/api/admin/system-config/by-key/:key',
    tags,
    summary: 'Get the entry in force for a key',
    description:
      "The entry in force for your organization and an environment (the server's own unless named). " +
      'Organization + environment beats organization (every environment) beats global + environment beats global; disabled entries do not count.',
    access: CONFIGURE,
    params: configByKeyParamsSchema,
    query: configByKeyQuerySchema,
    responses: { 200: configEffectiveSchema },
  },
  uploadSystemConfigFile: {
    method: 'POST',
    path: '/api/admin/system-config/upload-binary',
    tags,
    summary: 'Upload a file entry',
    description:
      'A multipart/form-data body (no JSON): text fields `key` (required), `description`, `organization_id` (default: your organization; a super admin ' +
      'acting in none: all organizations), `environment` (development, staging or production; default: every environment), and one file part `file`. ' +
      'The file streams into the database; above the upload limit of the system settings the answer is 413. The same key, organization and ' +
      'environment replaces the file (200); a new one answers 201. branding.logo takes PNG, JPEG, GIF or WebP images only (415).',
    access: CONFIGURE,
    consumes: ['multipart/form-data'],
    form: configUploadFieldsSchema.extend({ file: filePart('The file, within the upload limit of the system settings') }),
    responses: { 200: configEntrySchema, 201: configEntrySchema },
  },
  getSystemConfigEntry: {
    method: 'GET',
    path: '/api/admin/system-config/:id',
    tags,
    summary: 'Get an entry',
    description: 'A secret shows only that it is set.',
    access: CONFIGURE,
    params: idParamsSchema,
    responses: { 200: configEntrySchema },
  },
  downloadSystemConfigFile: {
    method: 'GET',
    path: '/api/admin/system-config/:id/file',
    tags,
    summary: "Download a file entry's file",
    description: 'Always as an attachment, never shown inline.',
    access: CONFIGURE,
    params: idParamsSchema,
    responses: {
      200: { description: 'The file; its SHA-256 in `x-content-sha256`', content: { 'application/octet-stream': { schema: z.string() } } },
    },
  },
  updateSystemConfigEntry: {
    method: 'PUT',
    path: '/api/admin/system-config/:id',
    tags,
    summary: 'Change an entry',
    description: 'A secret left out keeps the stored one.',
    access: CONFIGURE,
    params: idParamsSchema,
    body: configUpdateSchema,
    responses: { 200: configEntrySchema },
  },
  deleteSystemConfigEntry: {
    method: 'DELETE',
    path: '/api/admin/system-config/:id',
    tags,
    summary: 'Delete an entry (and its file)',
    access: CONFIGURE,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  toggleSystemConfigEntry: {
    method: 'POST',
    path: '/api/admin/system-config/:id/toggle',
    tags,
    summary: 'Enable or disable an entry',
    access: CONFIGURE,
    params: idParamsSchema,
    responses: { 200: configEntrySchema },
  },
});
