/**
 * Analytics (spec §7 "Analytics" and the workflow analytics calls; issue 15): the period every analytics call
 * takes, and what the dashboard, the applications analytics, the per-workflow analytics and the insights answer.
 * Figures come from hourly rollups of the runtime's events (ADR 0023): counts are exact, durations are read from
 * histograms within 12.5 %.
 */
import { z } from 'zod';
import { uuidSchema } from '../common.ts';
import { DATE_SINCE_1970_PATTERN, TIME_ZONE_RULE } from '../input-rules.ts';
import {
  ANALYTICS_BUCKETS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGES,
  APPLICATION_FLOWS,
  daysBetween,
  HOURLY_MAX_DAYS,
  isTimeZone,
  PRESET_DAYS,
  type AnalyticsRange,
} from './period.ts';

const timestamp = z.string();
const count = z.number().int();
/** A duration in milliseconds; null when nothing was measured. */
const ms = z.number().nullable();
/** A share between 0 and 1; null when there is nothing to divide by. */
const rate = z.number().nullable();

// ---------------------------------------------------------------------------------------------
// The period

export {
  ANALYTICS_BUCKETS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGE_LABELS,
  ANALYTICS_RANGES,
  APPLICATION_FLOW_LABELS,
  APPLICATION_FLOWS,
  defaultBucket,
  HOURLY_MAX_DAYS,
  isTimeZone,
  PRESET_DAYS,
} from './period.ts';
export type { AnalyticsBucket, AnalyticsRange, ApplicationFlow } from './period.ts';

// A real day from 1970 on: a period's previous period, up to a year earlier in any time zone, stays a date PostgreSQL takes.
const day = z.string().max(10).regex(new RegExp(DATE_SINCE_1970_PATTERN), ANALYTICS_MESSAGES.notADay);

/** The period of an analytics call: a preset or custom days (in `tz`), its bucket, and filters. */
function periodQuery(defaultRange: AnalyticsRange) {
  return z
    .object({
      range: z.enum(ANALYTICS_RANGES).default(defaultRange).describe('today, the last 7, 30 or 90 days (today included), or custom days'),
      from: day.optional().describe('custom: the first day, yyyy-mm-dd'),
      to: day.optional().describe('custom: the last day (included), yyyy-mm-dd'),
      bucket: z.enum(ANALYTICS_BUCKETS).optional().describe('hour, day or week; by default hour for today, week beyond 60 days, day otherwise'),
      tz: z
        .string()
        .min(1)
        .max(64)
        .default('UTC')
        .meta({ description: 'The time zone whose days and weeks are counted, e.g. Europe/Berlin', 'x-time-zone': TIME_ZONE_RULE }),
      workflow_id: uuidSchema.optional().describe('Only this workflow'),
      status: z
        .enum(APPLICATION_FLOWS)
        .optional()
        .describe('Only applications that did this in the period: narrows the series over time and the per-workflow figures'),
    })
    .superRefine((q, ctx) => {
      if (!isTimeZone(q.tz)) ctx.addIssue({ code: 'custom', path: ['tz'], message: ANALYTICS_MESSAGES.unknownTimeZone });
      if (q.range === 'custom') {
        if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.customNeedsDates });
        if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.customNeedsDates });
        if (q.from && q.to) {
          const days = daysBetween(q.from, q.to);
          if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.endBeforeStart });
          else if (days > ANALYTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.tooLong });
          else if (q.bucket === 'hour' && days > HOURLY_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['bucket'], message: ANALYTICS_MESSAGES.hourlyTooLong });
        }
      } else {
        if (q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_MESSAGES.datesOnlyForCustom });
        if (q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.datesOnlyForCustom });
        if (q.bucket === 'hour' && PRESET_DAYS[q.range] > HOURLY_MAX_DAYS)
          ctx.addIssue({ code: 'custom', path: ['bucket'], message: ANALYTICS_MESSAGES.hourlyTooLong });
      }
    })
    .meta({
      'x-rules': [
        `\`range=custom\` needs both \`from\` and \`to\`: "${ANALYTICS_MESSAGES.customNeedsDates}"`,
        `\`from\` and \`to\` are for \`range=custom\` only: "${ANALYTICS_MESSAGES.datesOnlyForCustom}"`,
        `\`to\` is on or after \`from\`: "${ANALYTICS_MESSAGES.endBeforeStart}"`,
        `A custom period is at most ${ANALYTICS_MAX_DAYS} days, both days counted: "${ANALYTICS_MESSAGES.tooLong}"`,
        `\`bucket=hour\` only for periods of up to ${HOURLY_MAX_DAYS} days (today, 7d, or a custom period that short): "${ANALYTICS_MESSAGES.hourlyTooLong}"`,
        `A custom period starts no later than today in \`tz\` (midnight of \`from\` there is not in the future): "${ANALYTICS_MESSAGES.inFuture}"`,
      ],
    });
}

/** The query of the analytics calls (default: the last 30 days). */
export const analyticsQuerySchema = periodQuery('30d');
/** The dashboard's query (default: the last 7 days). */
export const dashboardQuerySchema = periodQuery('7d');
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
/** What a caller sends (every part optional: the defaults fill in). */
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

export const periodSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /** First instant counted (midnight of the first day in `tz`). */
  from: timestamp,
  /** Instant the period ends (now for presets; midnight after the last day for custom), exclusive. */
  to: timestamp,
  bucket: z.enum(ANALYTICS_BUCKETS),
  tz: z.string(),
  days: count,
  /** The previous period of the same length, for comparisons. */
  previous_from: timestamp,
  previous_to: timestamp,
  /** When new events were last folded into the rollups (they follow the runtime within about a second). */
  as_of: timestamp.nullable(),
});
export type Period = z.infer<typeof periodSchema>;

// ---------------------------------------------------------------------------------------------
// Shared pieces

export const flowCountsSchema = z.object({
  started: count,
  completed: count,
  approved: count,
  rejected: count,
  failed: count,
  cancelled: count,
});
export type FlowCounts = z.infer<typeof flowCountsSchema>;

export const applicationTotalsSchema = flowCountsSchema.extend({
  /** approved ÷ (approved + rejected). */
  approval_rate: rate,
  /** failed ÷ (completed + failed + cancelled): the share of ended cases that failed. */
  failure_rate: rate,
  /** Time from intake to an approved or rejected outcome. */
  decision_p50_ms: ms,
  decision_p90_ms: ms,
});
export type ApplicationTotals = z.infer<typeof applicationTotalsSchema>;

export const overTimePointSchema = flowCountsSchema.extend({ at: timestamp });
export type OverTimePoint = z.infer<typeof overTimePointSchema>;

export const reviewRoleSchema = z.object({
  assignee_role: z.string(),
  /** Open now. */
  open: count,
  overdue: count,
  oldest_created_at: timestamp.nullable(),
  /** Decided in the period. */
  decided: count,
  breached: count,
  /** breached ÷ decided. */
  breach_rate: rate,
  wait_p50_ms: ms,
  wait_p90_ms: ms,
});
export type ReviewRole = z.infer<typeof reviewRoleSchema>;

export const reviewSummarySchema = z.object({
  open: count,
  overdue: count,
  oldest_created_at: timestamp.nullable(),
  decided: count,
  breached: count,
  breach_rate: rate,
  previous_decided: count,
  previous_breached: count,
  /** Reviews escalated in the period (their deadline passed on a step that escalates), and in the previous one. */
  escalated: count,
  previous_escalated: count,
  wait_p50_ms: ms,
  wait_p90_ms: ms,
  by_role: z.array(reviewRoleSchema),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const toolHealthSchema = z.object({
  tool_id: uuidSchema,
  name: z.string().nullable(),
  calls: count,
  errors: count,
  error_rate: rate,
  p50_ms: ms,
  p95_ms: ms,
  p99_ms: ms,
  /** Calls made by workflow steps (the rest: tests and MCP clients). */
  workflow_calls: count,
  /** Cases that failed at a step calling this tool. */
  failed_cases: count,
  previous_calls: count,
  previous_errors: count,
});
export type ToolHealth = z.infer<typeof toolHealthSchema>;

export const toolHealthSummarySchema = z.object({
  calls: count,
  errors: count,
  error_rate: rate,
  previous_calls: count,
  previous_errors: count,
  tools: z.array(toolHealthSchema),
});

export const failureReasonSchema = z.object({
  reason: z.string(),
  count: count,
  workflow_id: uuidSchema,
  workflow_name: z.string().nullable(),
  step_id: uuidSchema.nullable(),
  step_name: z.string().nullable(),
  step_type: z.string().nullable(),
});
export type FailureReason = z.infer<typeof failureReasonSchema>;

export const openCasesSchema = z.object({
  total: count,
  running: count,
  waiting_form: count,
  waiting_review: count,
  waiting_delay: count,
  waiting_retry: count,
});

// ---------------------------------------------------------------------------------------------
// GET /admin/analytics/applications

export const workflowFiguresSchema = applicationTotalsSchema.extend({
  workflow_id: uuidSchema,
  name: z.string(),
  status: z.string(),
  /** Open now (whatever the period). */
  open_now: count,
  /** completed ÷ started in the period. */
  conversion: rate,
  previous_started: count,
  previous_completed: count,
});
export type WorkflowFigures = z.infer<typeof workflowFiguresSchema>;

export const applicationsAnalyticsSchema = z.object({
  organization_id: uuidSchema.nullable(),
  generated_at: timestamp,
  period: periodSchema,
  filters: z.object({ workflow_id: uuidSchema.nullable(), status: z.enum(APPLICATION_FLOWS).nullable() }),
  totals: applicationTotalsSchema,
  previous: applicationTotalsSchema,
  over_time: z.array(overTimePointSchema),
  /** How long decisions took: cases per band of time from intake to approval or rejection. */
  decision_time: z.array(z.object({ label: z.string(), up_to_ms: z.number().nullable(), count: count })),
  /** Workflows with applications in the period or open now; by `status` when filtered, else by started. */
  per_workflow: z.array(workflowFiguresSchema),
  open_now: openCasesSchema,
});
export type ApplicationsAnalytics = z.infer<typeof applicationsAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// GET /admin/analytics/ (overview across applications, reviews and tools)

export const analyticsOverviewSchema = z.object({
  organization_id: uuidSchema.nullable(),
  generated_at: timestamp,
  period: periodSchema,
  totals: applicationTotalsSchema,
  previous: applicationTotalsSchema,
  open_now: openCasesSchema,
  review: reviewSummarySchema,
  /** Null for a caller who may not read tools. */
  tools: toolHealthSummarySchema.nullable(),
  failure_reasons: z.array(failureReasonSchema),
  slowest_steps: z.array(
    z.object({
      workflow_id: uuidSchema,
      workflow_name: z.string().nullable(),
      step_id: uuidSchema,
      step_name: z.string().nullable(),
      step_type: z.string(),
      completed: count,
      p50_ms: ms,
      p90_ms: ms,
    }),
  ),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Per workflow: GET /admin/workflows/{id}/analytics and GET /admin/workflows/analytics

export const stepFiguresSchema = z.object({
  step_id: uuidSchema,
  name: z.string().nullable(),
  type: z.string().nullable(),
  /** False for a step of an older version that the current graph no longer has. */
  in_current_version: z.boolean(),
  /** Position on the way from the start (breadth first over the graph); null for former steps. */
  depth: z.number().int().nullable(),
  entered: count,
  completed: count,
  failed: count,
  cancelled: count,
  /** entered − completed: cases that did not move on (failed, cancelled, or still there). */
  dropped: count,
  /** dropped ÷ entered. */
  drop_off_rate: rate,
  time_p50_ms: ms,
  time_p90_ms: ms,
  time_mean_ms: ms,
  /** Open cases at the step now. */
  open_now: count,
  previous_entered: count,
  previous_completed: count,
});
export type StepFigures = z.infer<typeof stepFiguresSchema>;

/**
 * Where applicants stop in a form (issue 34): of the cases waiting at the form now, those who typed nothing, those who
 * stopped before each field (the first required field their kept answers lack, in the form's order), and those with
 * every required answer who did not send.
 */
export const formStopSchema = z.object({
  step_id: uuidSchema,
  step_name: z.string(),
  field_key: z.string().nullable().describe('null for the rows "nothing typed" and "all answered, not sent"'),
  label: z.string(),
  stopped: count,
  /** Of the cases waiting at this form now. */
  waiting: count,
});
export type FormStop = z.infer<typeof formStopSchema>;

export const workflowAnalyticsSchema = z.object({
  workflow_id: uuidSchema,
  name: z.string(),
  status: z.string(),
  version: z.number().int(),
  generated_at: timestamp,
  period: periodSchema,
  totals: applicationTotalsSchema,
  previous: applicationTotalsSchema,
  over_time: z.array(overTimePointSchema),
  open_now: openCasesSchema,
  /** Every step of the current graph (in order from the start), then former steps that still have figures. */
  steps: z.array(stepFiguresSchema),
  /** Ids of the steps with the longest p90 time (at most 3, waits for people included). */
  slowest_step_ids: z.array(uuidSchema),
  review: z.array(reviewRoleSchema.extend({ step_id: uuidSchema, step_name: z.string().nullable() })),
  failure_reasons: z.array(failureReasonSchema),
  /** Where applicants stop in the current version's forms, now. */
  form_stops: z.array(formStopSchema),
});
export type WorkflowAnalytics = z.infer<typeof workflowAnalyticsSchema>;

export const workflowsAnalyticsSchema = z.object({
  organization_id: uuidSchema.nullable(),
  generated_at: timestamp,
  period: periodSchema,
  workflows: z.object({ total: count, by_status: z.object({ draft: count, active: count, archived: count }) }),
  totals: applicationTotalsSchema,
  previous: applicationTotalsSchema,
  /** Every workflow (busiest first, at most 200), with its figures for the period. */
  per_workflow: z.array(workflowFiguresSchema),
});
export type WorkflowsAnalytics = z.infer<typeof workflowsAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// Insights: GET /admin/workflows/insights

export const INSIGHT_KINDS = [
  'validation_problems',
  'drop_off',
  'sla_breaches',
  'failing_tool',
  'failure_rate',
  'no_traffic',
  'slow_step',
  'longest_wait',
  'stale_draft',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
export const INSIGHT_SEVERITIES = ['critical', 'warning', 'info'] as const;

export const insightSchema = z.object({
  kind: z.enum(INSIGHT_KINDS),
  severity: z.enum(INSIGHT_SEVERITIES),
  /** Higher first: severity, then how many cases it touches. */
  score: z.number(),
  title: z.string(),
  message: z.string(),
  /** The figures behind it. */
  evidence: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Where to act on it, a portal path (with its filters; analytics pages keep the period asked for). */
  link: z.object({ label: z.string(), path: z.string() }),
  workflow_id: uuidSchema.nullable(),
  workflow_name: z.string().nullable(),
  step_id: z.string().nullable(),
  step_name: z.string().nullable(),
  tool_id: uuidSchema.nullable(),
  tool_name: z.string().nullable(),
  /** The figure the insight is about. */
  value: z.number(),
});
export type Insight = z.infer<typeof insightSchema>;

export const insightsSchema = z.object({
  organization_id: uuidSchema.nullable(),
  generated_at: timestamp,
  period: periodSchema,
  insights: z.array(insightSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

// ---------------------------------------------------------------------------------------------
// GET /admin/analytics/dashboard

export const funnelSchema = z.object({
  workflow_id: uuidSchema,
  name: z.string(),
  started: count,
  completed: count,
  conversion: rate,
  /** The steps of the current graph in order from the start, with how many entered and completed each. */
  steps: z.array(z.object({ step_id: uuidSchema, name: z.string(), type: z.string(), entered: count, completed: count })),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const activitySchema = z.object({
  id: z.string(),
  at: timestamp,
  type: z.string(),
  /** One sentence: "Ada Lovelace was approved in KYC", "Notification failed for …". */
  summary: z.string(),
  application_id: uuidSchema,
  applicant_name: z.string().nullable(),
  workflow_id: uuidSchema.nullable(),
  workflow_name: z.string().nullable(),
  step_name: z.string().nullable(),
  actor: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const urgentReviewSchema = z.object({
  task_id: uuidSchema,
  application_id: uuidSchema,
  applicant_name: z.string(),
  workflow_id: uuidSchema,
  workflow_name: z.string().nullable(),
  step_name: z.string(),
  assignee_role: z.string(),
  due_at: timestamp,
  created_at: timestamp,
  /** Past its SLA deadline. */
  overdue: z.boolean(),
});

export const dashboardSchema = z.object({
  organization_id: uuidSchema.nullable(),
  generated_at: timestamp,
  period: periodSchema,
  totals: applicationTotalsSchema,
  previous: applicationTotalsSchema,
  over_time: z.array(overTimePointSchema),
  open_now: openCasesSchema,
  review: reviewSummarySchema.extend({
    /** Open reviews the caller may decide. */
    mine: count,
    /** Open reviews the caller has (claimed, or assigned to them by a lead). */
    claimed_by_me: count,
    /** Open reviews the caller may decide that nobody has claimed yet. */
    unclaimed_mine: count,
    /** The open reviews whose deadlines come first (at most 5): the overdue ones, then those due soonest. */
    urgent_cases: z.array(urgentReviewSchema),
  }),
  /** The busiest workflows' funnels (at most 3). */
  funnels: z.array(funnelSchema),
  /** Tools by errors, then calls (at most 5); null for a caller who may not read tools. */
  tools: toolHealthSummarySchema.nullable(),
  /** The newest events (at most 10). */
  activity: z.array(activitySchema),
  /** The top findings (at most 5). */
  insights: z.array(insightSchema),
  /** What waits for an administrator; null for a caller who may not act on it. */
  attention: z
    .object({
      tools_pending_approval: count.nullable(),
      /** Self-registered accounts waiting for an administrator's approval. */
      pending_sign_ups: count.nullable(),
      locked_users: count.nullable(),
      invalid_active_workflows: count.nullable(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
