import { z } from 'zod';
import { auditLogFilterSchema, auditLogListSchema, auditLogQuerySchema } from '../../system/audit.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * The audit log (issue 17), read-only: no route changes or deletes its rows (the table's trigger refuses it too).
 * Read and exported with view_audit_logs.
 */
const tags = ['System'] as const;
const VIEW = perm('view_audit_logs');

export const AUDIT_ENDPOINTS = defineEndpoints({
  listAuditLogs: {
    method: 'GET',
    path: '/api/admin/system/audit-logs',
    tags,
    summary: 'List the audit log',
    description: 'The audit log, newest first, with filters and keyset pages (`next_cursor`); `total` counts up to 1,000.',
    access: VIEW,
    query: auditLogQuerySchema,
    responses: { 200: auditLogListSchema },
  },
  exportAuditLogs: {
    method: 'GET',
    path: '/api/admin/system/audit-logs/export',
    tags,
    summary: 'Export the audit log as CSV',
    description: 'Every audit log row matching the list filters, as a CSV download (streamed, no row limit).',
    access: VIEW,
    query: auditLogFilterSchema,
    responses: {
      200: {
        description: 'CSV with a header row; cells that a spreadsheet would run as a formula start with a quote',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  },
});
