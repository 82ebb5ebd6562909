import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsOverviewSchema, analyticsQuerySchema, applicationsAnalyticsSchema, dashboardQuerySchema, dashboardSchema } from '@admin-portal/contract/analytics/api';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { analyticsOverview, applicationsAnalytics, dashboard } from './analytics.service.ts';

const tags = ['Analytics'];

/** Spec §7 "Analytics". Every call reads the caller's organization (a super admin's chosen one, or all). */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/analytics/dashboard', {
    schema: {
      tags,
      summary: 'The dashboard: headline figures with the previous period, applications over time, the live review queue and overdue cases, funnels, tool health, recent activity, insights',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => dashboard(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/analytics', {
    schema: {
      tags,
      summary: 'Overview of a period: applications with the previous period, open cases, reviews against their SLA by role, tool health, failure reasons, slowest steps',
      querystring: analyticsQuerySchema,
      response: { 200: analyticsOverviewSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => analyticsOverview(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/analytics/applications', {
    schema: {
      tags,
      summary: 'Applications in a period: started and outcomes over time, time to decision, per workflow, with the previous period',
      querystring: analyticsQuerySchema,
      response: { 200: applicationsAnalyticsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => applicationsAnalytics(app.db, requireAuth(request.auth), request.query),
  });
}
