import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ENDPOINTS } from '@admin-portal/contract/api/endpoints/audit';
import { requireAuth } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { auditCsv, auditExportFilename } from './audit.export.ts';
import { exportAuditLogs, listAuditLogs } from './audit.service.ts';

/** The audit log, read-only: no route changes or deletes its rows (the table's trigger refuses it too). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(AUDIT_ENDPOINTS.listAuditLogs),
    handler: (request) => listAuditLogs(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(AUDIT_ENDPOINTS.exportAuditLogs),
    handler: async (request, reply) => {
      const batches = exportAuditLogs(app.db, requireAuth(request.auth), request.query);
      return sendCsv(reply, auditExportFilename(), auditCsv(batches));
    },
  });
}
