/**
 * Simulation runs (issue 36, ADR 0058/0059): a saved version of a workflow replayed on the recorded cases of a period,
 * writing and sending nothing, with what would change.
 */
import { z } from 'zod';
import { listQuerySchema, listResponseSchema, uuidSchema } from '../common.ts';
import { isoDateTimeSchema, queryInteger } from '../input-rules.ts';
import { toolNameSchema } from '../tools/api.ts';

export const SIMULATION_MAX_CASES = 100_000;
export const SIMULATION_DEFAULT_DAYS = 30;
/** Tools a run may call for real in their sandbox (development) configuration, and the calls it may make in all. */
export const SIMULATION_MAX_SANDBOX_TOOLS = 5;
export const SIMULATION_MAX_SANDBOX_CALLS = 1_000;
/** Finished runs a workflow keeps: finishing one more deletes the oldest beyond these (and their cases). */
export const SIMULATION_RUNS_KEPT = 20;
/** The longest period a run may read (a year and a day). */
export const SIMULATION_MAX_DAYS = 366;

/** What a review the case never had is decided as: it waits (default), or approve all, reject all, or as the case's last review by the same role was decided. */
export const SIMULATION_NEW_REVIEWS = ['wait', 'approve', 'reject', 'as_recorded_by_role'] as const;
export type SimulationNewReviews = (typeof SIMULATION_NEW_REVIEWS)[number];
export const SIMULATION_NEW_REVIEW_LABELS: Record<SimulationNewReviews, string> = {
  wait: 'Leave them waiting',
  approve: 'Approve all',
  reject: 'Reject all',
  as_recorded_by_role: 'As the same role decided the case',
};

export const SIMULATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];

export const SIMULATION_MESSAGES = {
  periodOrder: 'The period must end after it starts',
  periodTooLong: `A simulation reads at most ${SIMULATION_MAX_DAYS} days of cases`,
  versionNotFound: 'This workflow has no such version',
  sandboxToolNotFound: 'No approved, enabled tool of this organization has this name',
  sandboxToolsUnique: 'Name each tool once',
  ranOnNotFound: 'This workflow has no such version to read cases of',
  started: 'Simulation started',
  notFound: 'Simulation not found',
  caseNotFound: 'This case is not part of the simulation',
  notFinished: 'The simulation has not finished',
} as const;

/**
 * How a case ended, as one word: its outcome (`approved`, `rejected`, ... as its End step says), or `failed`,
 * `waits_for_review`, `waits_for_applicant`, `needs_live_call`, `in_progress`, `cancelled`, `not_replayable`.
 */
export const SIMULATION_END_LABELS: Record<string, string> = {
  failed: 'Failed',
  waits_for_review: 'Would wait for a review',
  waits_for_applicant: 'Would wait for the applicant',
  needs_live_call: 'Needs a live call',
  in_progress: 'In progress',
  cancelled: 'Cancelled',
  not_replayable: 'Not replayable',
};

/** An end label as words (an outcome is shown capitalised). */
export function simulationEndText(label: string): string {
  return SIMULATION_END_LABELS[label] ?? label.charAt(0).toUpperCase() + label.slice(1).replaceAll('_', ' ');
}

const DAY_MS = 86_400_000;

export const startSimulationSchema = z
  .object({
    from: isoDateTimeSchema.optional().describe(`Cases created at or after (default: ${SIMULATION_DEFAULT_DAYS} days before \`to\`)`),
    to: isoDateTimeSchema.optional().describe('Cases created before (default: now)'),
    ran_on_version: z.number().int().min(1).max(999_999_999).optional().describe('Only cases that ran on this version (default: every version)'),
    new_reviews: z.enum(SIMULATION_NEW_REVIEWS).default('wait').describe('What a review the case never had is decided as'),
    max_cases: z
      .number()
      .int()
      .min(1)
      .max(SIMULATION_MAX_CASES)
      .default(SIMULATION_MAX_CASES)
      .describe('The oldest cases of the period first, at most this many'),
    sandbox_tools: z
      .array(toolNameSchema)
      .max(SIMULATION_MAX_SANDBOX_TOOLS)
      .refine((names) => new Set(names).size === names.length, { message: SIMULATION_MESSAGES.sandboxToolsUnique })
      .meta({ uniqueItems: true })
      .default([])
      .describe(
        `Tools the run may call for real, in their development (sandbox) configuration, where the history holds no answer (at most ${SIMULATION_MAX_SANDBOX_CALLS.toLocaleString('en-US')} calls a run, each recorded as a development execution of the tool); any other call the history never made stops the case as needing a live call`,
      ),
  })
  .superRefine((b, ctx) => {
    const to = b.to ? Date.parse(b.to) : Date.now();
    const from = b.from ? Date.parse(b.from) : to - SIMULATION_DEFAULT_DAYS * DAY_MS;
    if (from >= to) ctx.addIssue({ code: 'custom', message: SIMULATION_MESSAGES.periodOrder, path: ['to'] });
    else if (to - from > SIMULATION_MAX_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', message: SIMULATION_MESSAGES.periodTooLong, path: ['from'] });
  })
  .meta({
    'x-rules': [
      `\`to\` must be after \`from\`: "${SIMULATION_MESSAGES.periodOrder}"`,
      `The period is at most ${SIMULATION_MAX_DAYS} days: "${SIMULATION_MESSAGES.periodTooLong}"`,
    ],
  });
export type StartSimulation = z.input<typeof startSimulationSchema>;

const count = z.number().int();
const beforeAfter = { before: count, after: count };
const ms = z.number().int().min(0);
const timeStats = z.object({ cases: count.describe('Cases the figures are over'), median_ms: ms, p90_ms: ms }).describe('Times over a number of cases, in ms');

export const simulationSummarySchema = z.object({
  cases: count,
  not_replayable: count,
  changed: count,
  /** Calls made for real to the run's sandbox tools. */
  sandbox_calls: count.default(0),
  /** Days the period spans (for per-day figures). */
  period_days: z.number(),
  transitions: z.array(z.object({ from: z.string(), to: z.string(), cases: count })),
  reviews: z.array(
    z.object({
      role: z.string(),
      ...beforeAfter,
      late_before: count.describe("Of the role's reviews before, those decided past their step's deadline"),
      late_after: count.describe("Of the role's reviews after, those whose recorded time passes this version's deadline"),
    }),
  ),
  tool_calls: z.array(
    z.object({
      tool: z.string(),
      ...beforeAfter,
      latency_before_ms: ms.nullable().describe("Mean latency of the tool's recorded calls (null: none known)"),
      latency_after_ms: ms.nullable().describe('Mean latency of the calls on this version: recorded, or made now (computed, sandbox)'),
    }),
  ),
  decision_time: z
    .object({
      before: timeStats.nullable().describe('Cases that ended, as recorded'),
      after: timeStats.nullable().describe("Cases that end on this version and whose every step's time is known"),
    })
    .describe("Time to decision: the sum of a case's step times from its start to its end"),
  steps: z.array(z.object({ step_id: z.string(), ...beforeAfter })),
  connections: z.array(z.object({ source: z.string(), target: z.string(), ...beforeAfter })),
});
export type SimulationSummaryBody = z.infer<typeof simulationSummarySchema>;

export const simulationRunSchema = z.object({
  id: uuidSchema,
  organization_id: uuidSchema,
  workflow_id: uuidSchema,
  /** The version replayed on. */
  version: count,
  status: z.enum(SIMULATION_STATUSES),
  from: z.string(),
  to: z.string(),
  ran_on_version: count.nullable(),
  new_reviews: z.enum(SIMULATION_NEW_REVIEWS),
  max_cases: count,
  sandbox_tools: z.array(z.string()),
  /** Cases replayed so far. */
  cases_done: count,
  summary: simulationSummarySchema.nullable(),
  error: z.string().nullable(),
  created_by: uuidSchema.nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type SimulationRun = z.infer<typeof simulationRunSchema>;

export const simulationParamsSchema = z.object({ id: uuidSchema });
export const simulationCaseParamsSchema = z.object({ id: uuidSchema, application_id: uuidSchema });

export const simulationListQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  version: queryInteger({ min: 1, max: 999_999_999 }).optional().describe('Only runs on this version'),
});
export const simulationListSchema = listResponseSchema(simulationRunSchema);

export const simulationCaseListQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  changed: z.enum(['true', 'false']).optional().describe('Only cases whose end changes (true) or stays (false)'),
});

export const simulationCaseSchema = z.object({
  application_id: uuidSchema,
  created_at: z.string(),
  /** How it ended (its history) and how it would end on the version replayed on. */
  before: z.string(),
  after: z.string(),
  changed: z.boolean(),
  /** Why it stops where it stops, or where the identity check parts (a failure, a live call, a missing answer). */
  reason: z.string().nullable(),
});
export type SimulationCase = z.infer<typeof simulationCaseSchema>;
export const simulationCaseListSchema = listResponseSchema(simulationCaseSchema);

const pathStepSchema = z.object({
  step_id: z.string(),
  name: z.string(),
  type: z.string(),
  branch: z.string().nullable(),
  /** Where the step's result came from on replay: computed, recorded, replayed, choice, not_sent; null for history. */
  source: z.string().nullable(),
});
export type SimulationPathStep = z.infer<typeof pathStepSchema>;

export const simulationCasePathsSchema = simulationCaseSchema.extend({
  before_path: z.array(pathStepSchema),
  /** Replayed steps, then the step it stopped at (waiting, a live call) with a null branch. */
  after_path: z.array(pathStepSchema),
});
export type SimulationCasePaths = z.infer<typeof simulationCasePathsSchema>;

/** Reviews a day the change adds (negative: removes), over every role, to one decimal. */
/** What the texts below read of a summary. */
interface ReviewCounts {
  reviews: readonly { role?: string; before: number; after: number }[];
  period_days: number;
}

export function reviewsPerDayChange(summary: ReviewCounts): number {
  const change = summary.reviews.reduce((n, r) => n + r.after - r.before, 0);
  return Math.round((change / Math.max(1, summary.period_days)) * 10) / 10;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '\u00b10');

/** "12 outcomes change, reviews per day +1.5": a run's result in one line (the builder's results, the activation dialog). */
export function simulationHeadline(summary: ReviewCounts & { changed: number }): string {
  return `${summary.changed} ${summary.changed === 1 ? 'outcome changes' : 'outcomes change'}, reviews per day ${signed(reviewsPerDayChange(summary))}`;
}

/** "This change was simulated on 1,204 cases: 12 outcomes change, reviews per day +1.5." */
export function simulatedOnText(summary: ReviewCounts & { cases: number; changed: number }): string {
  return `This change was simulated on ${summary.cases.toLocaleString('en-US')} ${summary.cases === 1 ? 'case' : 'cases'}: ${simulationHeadline(summary)}.`;
}

/** The CSV export's file name: the server sends it, the builder saves the download under it. */
export const simulationExportFilename = (workflowName: string, version: number, at: Date = new Date()) =>
  `simulation-${workflowName.trim().replace(/\s+/g, '-').toLowerCase() || 'workflow'}-v${version}-${at.toISOString().slice(0, 10)}.csv`;
