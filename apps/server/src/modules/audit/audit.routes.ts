import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogFilterSchema, auditLogListSchema, auditLogQuerySchema } from '@admin-portal/contract/system/audit';
import { requireAuth } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { auditCsv, auditExportFilename } from './audit.export.ts';
import { exportAuditLogs, listAuditLogs } from './audit.service.ts';

const tags = ['System'];

/** The audit log, read-only: no route changes or deletes its rows (the table's trigger refuses it too). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/system/audit-logs', {
    schema: {
      tags,
      summary: 'The audit log, newest first, with filters and keyset pages (`next_cursor`); `total` counts up to 1,000',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => listAuditLogs(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/system/audit-logs/export', {
    schema: {
      tags,
      summary: 'Every audit log row matching the list filters, as a CSV download (streamed, no row limit)',
      querystring: auditLogFilterSchema,
      response: {
        200: {
          description: 'CSV with a header row; cells that a spreadsheet would run as a formula start with a quote',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...ERROR_RESPONSES,
      },
    },
    handler: async (request, reply) => {
      const batches = exportAuditLogs(app.db, requireAuth(request.auth), request.query);
      return sendCsv(reply, auditExportFilename(), auditCsv(batches));
    },
  });
}
