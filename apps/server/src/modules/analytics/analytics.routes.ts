import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@admin-portal/contract/common';
import {
  analyticsOverviewSchema,
  analyticsQuerySchema,
  applicationsAnalyticsSchema,
  dashboardQuerySchema,
  dashboardSchema,
  insightsSchema,
  workflowAnalyticsSchema,
  workflowsAnalyticsSchema,
} from '@admin-portal/contract/analytics/api';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { analyticsOverview, applicationsAnalytics, dashboard, scopedPeriod } from './analytics.service.ts';
import { workflowInsights } from './insights.service.ts';
import { workflowAnalytics, workflowsAnalytics } from './workflow-figures.service.ts';

const tags = ['Analytics'];
/** The workflows' own figures are documented with the workflows (their addresses are under /workflows). */
const workflowTags = ['Workflows'];

/** Spec §7 "Analytics". Every call reads the caller's organization (a super admin's chosen one, or all). */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/analytics/dashboard', {
    schema: {
      tags,
      summary:
        'The dashboard: headline figures with the previous period, applications over time, the live review queue and overdue cases, funnels, tool health, recent activity, insights',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => dashboard(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/analytics', {
    schema: {
      tags,
      summary:
        'Overview of a period: applications with the previous period, open cases, reviews against their SLA by role, tool health, failure reasons, slowest steps',
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

  // Analytics of workflows, under the workflows' addresses; here, beside the figures they read.
  r.get('/api/admin/workflows/analytics', {
    schema: {
      tags: workflowTags,
      summary: 'Every workflow with its applications in a period (started, outcomes, conversion, time to decision, open now), beside the period before',
      querystring: analyticsQuerySchema,
      response: { 200: workflowsAnalyticsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => workflowsAnalytics(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/workflows/insights', {
    schema: {
      tags: workflowTags,
      summary:
        'Ranked findings from the data of a period, each with its evidence and where to act: drop-off, SLA breaches, failing tools, failure rates, idle workflows, slow steps, long waits, graph problems',
      querystring: analyticsQuerySchema,
      response: { 200: insightsSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      return workflowInsights(app.db, auth, await scopedPeriod(app.db, auth, request.query));
    },
  });

  r.get('/api/admin/workflows/:id/analytics', {
    schema: {
      tags: workflowTags,
      summary: "A workflow's funnel in a period: per step reach, completions, drop-off, time in step and open cases; outcomes, reviews and failure reasons",
      params: idParamsSchema,
      querystring: analyticsQuerySchema,
      response: { 200: workflowAnalyticsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => workflowAnalytics(app.db, requireAuth(request.auth), request.params.id, request.query),
  });
}
