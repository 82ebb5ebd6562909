import { idParamsSchema } from '../../common.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import {
  analyticsOverviewSchema,
  analyticsQuerySchema,
  applicationsAnalyticsSchema,
  dashboardQuerySchema,
  dashboardSchema,
  insightsSchema,
  workflowAnalyticsSchema,
  workflowsAnalyticsSchema,
} from '../../analytics/api.ts';

/**
 * Analytics (issue 15, spec §7 "Analytics"). Every call reads the caller's organization (a super admin's chosen one,
 * or all). Spec §6: viewing analytics needs admin, manager or operator, or view_analytics (every role holds
 * view_analytics by default). What a caller may not read besides (tools, user administration) is left out.
 */
const tags = ['Analytics'] as const;
/** The workflows' own figures are documented with the workflows (their addresses are under /workflows). */
const workflowTags = ['Workflows'] as const;
const VIEW = perm('view_analytics');

export const ANALYTICS_ENDPOINTS = defineEndpoints({
  getDashboard: {
    method: 'GET',
    path: '/api/admin/analytics/dashboard',
    tags,
    summary: 'Get the dashboard',
    description:
      'The dashboard: headline figures with the previous period, applications over time, the live review queue and overdue cases, funnels, tool health, recent activity, insights.',
    access: VIEW,
    query: dashboardQuerySchema,
    responses: { 200: dashboardSchema },
  },
  getAnalyticsOverview: {
    method: 'GET',
    path: '/api/admin/analytics',
    tags,
    summary: 'Get the analytics overview of a period',
    description:
      'Overview of a period: applications with the previous period, open cases, reviews against their SLA by role, tool health, failure reasons, slowest steps.',
    access: VIEW,
    query: analyticsQuerySchema,
    responses: { 200: analyticsOverviewSchema },
  },
  getApplicationsAnalytics: {
    method: 'GET',
    path: '/api/admin/analytics/applications',
    tags,
    summary: 'Get the applications of a period',
    description: 'Applications in a period: started and outcomes over time, time to decision, per workflow, with the previous period.',
    access: VIEW,
    query: analyticsQuerySchema,
    responses: { 200: applicationsAnalyticsSchema },
  },
  // Analytics of workflows, under the workflows' addresses; declared here, beside the figures they read.
  getWorkflowsAnalytics: {
    method: 'GET',
    path: '/api/admin/workflows/analytics',
    tags: workflowTags,
    summary: "Get every workflow's figures for a period",
    description: 'Every workflow with its applications in a period (started, outcomes, conversion, time to decision, open now), beside the period before.',
    access: VIEW,
    query: analyticsQuerySchema,
    responses: { 200: workflowsAnalyticsSchema },
  },
  getWorkflowInsights: {
    method: 'GET',
    path: '/api/admin/workflows/insights',
    tags: workflowTags,
    summary: 'Get ranked findings of a period',
    description:
      'Ranked findings from the data of a period, each with its evidence and where to act: drop-off, SLA breaches, failing tools, failure rates, idle workflows, slow steps, long waits, graph problems.',
    access: VIEW,
    query: analyticsQuerySchema,
    responses: { 200: insightsSchema },
  },
  getWorkflowAnalytics: {
    method: 'GET',
    path: '/api/admin/workflows/:id/analytics',
    tags: workflowTags,
    summary: "Get a workflow's funnel for a period",
    description: "A workflow's funnel in a period: per step reach, completions, drop-off, time in step and open cases; outcomes, reviews and failure reasons.",
    access: VIEW,
    params: idParamsSchema,
    query: analyticsQuerySchema,
    responses: { 200: workflowAnalyticsSchema },
  },
});
