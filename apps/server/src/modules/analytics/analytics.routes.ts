import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANALYTICS_ENDPOINTS } from '@admin-portal/contract/api/endpoints/analytics';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { analyticsOverview, applicationsAnalytics, dashboard, scopedPeriod } from './analytics.service.ts';
import { workflowInsights } from './insights.service.ts';
import { workflowAnalytics, workflowsAnalytics } from './workflow-figures.service.ts';

/** Spec §7 "Analytics". Every call reads the caller's organization (a super admin's chosen one, or all). */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ANALYTICS_ENDPOINTS.getDashboard),
    handler: (request) => dashboard(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(ANALYTICS_ENDPOINTS.getAnalyticsOverview),
    handler: (request) => analyticsOverview(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(ANALYTICS_ENDPOINTS.getApplicationsAnalytics),
    handler: (request) => applicationsAnalytics(app.db, requireAuth(request.auth), request.query),
  });

  // Analytics of workflows, under the workflows' addresses; here, beside the figures they read.
  r.route({
    ...routeOf(ANALYTICS_ENDPOINTS.getWorkflowsAnalytics),
    handler: (request) => workflowsAnalytics(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(ANALYTICS_ENDPOINTS.getWorkflowInsights),
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      return workflowInsights(app.db, auth, await scopedPeriod(app.db, auth, request.query));
    },
  });

  r.route({
    ...routeOf(ANALYTICS_ENDPOINTS.getWorkflowAnalytics),
    handler: (request) => workflowAnalytics(app.db, requireAuth(request.auth), request.params.id, request.query),
  });
}
