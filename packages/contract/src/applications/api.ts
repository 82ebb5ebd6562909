/**
 * Applications (spec §7 "Applications"; DESIGN §6; issue 13): the public intake API, the admin API, review
 * tasks and the event stream. One source for the server's routes, the OpenAPI document and the web app.
 */
import { z } from 'zod';
import { emailSchema, listQuerySchema, sortQuery, uuidSchema } from '../common.ts';
import { ROLES } from '../role-names.ts';
import { CURSOR_RULE, isoDateOrDateTimeSchema, isoDateTimeSchema, openJsonObject, requiredText } from '../input-rules.ts';
import { APPLICATION_EVENT_TYPES, APPLICATION_SOURCES, APPLICATION_STATUSES } from './statuses.ts';

// The statuses and event kinds live in statuses.ts (zod-free, for the web app's lists); here with their schemas.
export {
  APPLICATION_EVENT_TYPES,
  APPLICATION_SOURCES,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  OPEN_APPLICATION_STATUSES,
  OUTCOMES,
  WAITING_FOR,
  type ApplicationEventType,
  type ApplicationStatus,
  type Outcome,
  type WaitingFor,
} from './statuses.ts';

const timestamp = z.string();

// ---------------------------------------------------------------------------------------------
// Statuses

export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

/** An Idempotency-Key: 1 to 200 visible ASCII characters (the server checks it; the document states it as this pattern). */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{1,200}$';

export const APPLICATION_MESSAGES = {
  workflowNotActive: 'The workflow is not active: only active workflows take applications',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request body',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible characters',
  apiKeyRequired: 'A valid API key with the intake scope is required (Authorization: Bearer <key> or X-API-Key)',
  formNotExpected: 'This application is not waiting for that form',
  unknownFormField: 'Unknown field',
  fieldRequired: 'This field is required',
  notOpen: 'The application is not in progress',
  notFailed: 'Only a failed application can be retried',
  taskClosed: 'This review task is already decided',
  notYourReview: 'This review is assigned to another role',
  reviewClaimedBy: (who: string) => `This review is claimed by ${who}`,
  reviewNotClaimed: 'Nobody has claimed this review',
  sameReviewerTwice: 'You gave the first decision on this review: the second must come from someone else',
  assigneeGaveFirstDecision: 'This person gave the first decision on this review: the second must come from someone else',
  releaseNotYours: 'Only the person who has this review, or a lead with manage_reviews, can release it',
  assigneeMayNotDecide: 'This person cannot decide this review: it needs its assignee role or an administrator of its organization',
  assigneeUnknown: 'No active staff member with this id in the review’s organization',
  bulkAssigneeRequired: 'Choose who gets the reviews',
  bulkTaskIdsUnique: 'Each review may be named once',
  noteRequired: 'Write the note',
  noteEditWindowPassed: 'A note can be changed for 5 minutes after it is written',
  noteNotYours: 'Only its author can change a note',
  noteRedacted: 'This note was redacted',
  noteFileRequired: 'Choose a file to attach',
  noteFilesFull: (most: number) => `A note carries at most ${most} files`,
  oneFileAtATime: 'Send one file at a time, as the part `file`',
  sendMultipart: 'Send the file as multipart/form-data',
  bulkUserOnlyToAssign: 'Only assigning takes a person',
  bulkCommentOnlyToDecide: 'Only approving or rejecting takes a comment',
  commentRequired: 'Say why the application is rejected',
  fileTooLarge: (bytes: number) => `A file may be at most ${bytes} bytes`,
  demoTrafficTurnedOff: 'Demo traffic is turned off in System Configuration (features.demo_traffic).',
  intakeDisabled: 'Applications are not being accepted right now. Please try again later.',
  fileExpected: 'Send the file as multipart/form-data',
  textExpected: 'This field takes text, not a file',
  formTooLarge: (bytes: number) => `A form answer may be at most ${bytes} bytes`,
  streamPositionInvalid: 'Expected a stream position as an event id carries it: digits, a hyphen, digits (e.g. 7412-88)',
} as const;

// ---------------------------------------------------------------------------------------------
// Intake (public API, organization API key with the intake scope)

export const applicantSchema = z.object({
  name: requiredText('Applicant name is required').max(200),
  email: emailSchema.optional(),
  phone: z.string().trim().max(40).optional(),
  locale: z.string().trim().max(20).optional(),
});
export type Applicant = z.infer<typeof applicantSchema>;

/** Application data: open JSON the workflow's steps read (conditions, tool input mappings) and forms fill. */
export const applicationDataSchema = openJsonObject({ description: 'Application data: what the workflow reads and forms fill in' });

export const createApplicationSchema = z.object({
  workflow_id: uuidSchema,
  applicant: applicantSchema,
  data: applicationDataSchema.default({}),
  external_ref: requiredText().max(200).optional().describe('Your own reference for the case'),
});
export type CreateApplication = z.infer<typeof createApplicationSchema>;

export const formFieldSpecSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});

/** What the applicant must still provide: the form the case waits for. */
export const pendingFormSchema = z.object({
  step_id: uuidSchema,
  title: z.string(),
  instructions: z.string(),
  fields: z.array(formFieldSpecSchema),
  submit_url: z.string(),
});

export const publicApplicationSchema = z
  .object({
    id: uuidSchema,
    workflow_id: uuidSchema,
    status: applicationStatusSchema,
    outcome: z.string().nullable(),
    external_ref: z.string().nullable(),
    current_step: z.object({ id: uuidSchema, name: z.string(), type: z.string() }).nullable(),
    waiting_for: z.string().nullable(),
    required: pendingFormSchema.nullable(),
    status_url: z.string(),
    applicant_url: z
      .string()
      .optional()
      .describe(
        "Only when the application is started: a link to the applicant's own pages (/apply/c/<token>), to send them; shown this once (only its hash is kept)",
      ),
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: timestamp.nullable(),
  })
  .meta({
    examples: [
      {
        id: '9b1f3c2e-7a4d-4e8f-b6c1-2d3e4f5a6b7c',
        workflow_id: '3f2b8c1e-5d4a-4f6b-9c2e-1a7d8e9f0b1c',
        status: 'waiting',
        outcome: null,
        external_ref: 'crm-10442',
        current_step: { id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', name: 'Personal details', type: 'form' },
        waiting_for: 'form',
        required: {
          step_id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
          title: 'Tell us about yourself',
          instructions: 'Use your name exactly as it appears on your identity document.',
          fields: [
            { key: 'first_name', label: 'First name', type: 'text', required: true, options: [] },
            { key: 'date_of_birth', label: 'Date of birth', type: 'date', required: true, options: [] },
          ],
          submit_url: '/api/public/v1/applications/9b1f3c2e-7a4d-4e8f-b6c1-2d3e4f5a6b7c/forms/5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
        },
        status_url: '/api/public/v1/applications/9b1f3c2e-7a4d-4e8f-b6c1-2d3e4f5a6b7c',
        created_at: '2026-11-25T09:30:00.000Z',
        updated_at: '2026-11-25T09:30:00.120Z',
        completed_at: null,
      },
    ],
  });
export type PublicApplication = z.infer<typeof publicApplicationSchema>;

export const formStepParamsSchema = z.object({ id: uuidSchema, step_id: uuidSchema });
export const applicationFileParamsSchema = z.object({ id: uuidSchema, file_id: uuidSchema });

/** What one multipart form answer may carry besides each file's UPLOAD_LIMIT (the system setting). */
export const FORM_LIMITS = { files: 20, fields: 200, fieldBytes: 100_000 } as const;

/** A form's answers by field key (checked against the step's fields). */
export const formAnswersSchema = openJsonObject({ description: "The form's answers by field key, checked against the step's fields", maxDepth: 4 }).meta({
  examples: [{ first_name: 'Ada', date_of_birth: '1990-12-10' }],
});

// ---------------------------------------------------------------------------------------------
// Admin API

export const reviewTaskSchema = z.object({
  id: uuidSchema,
  application_id: uuidSchema,
  workflow_id: uuidSchema,
  step_id: uuidSchema,
  step_name: z.string(),
  assignee_role: z.string(),
  instructions: z.string(),
  status: z.enum(['open', 'approved', 'rejected', 'cancelled']),
  due_at: timestamp,
  overdue: z.boolean(),
  decided_by: uuidSchema.nullable(),
  decided_by_email: z.string().nullable(),
  decided_at: timestamp.nullable(),
  comment: z.string().nullable(),
  created_at: timestamp,
  claimed_by: uuidSchema.nullable().describe('Who has the review (claimed it or was assigned it); null: nobody yet'),
  claimed_by_email: z.string().nullable(),
  claimed_by_name: z.string().nullable(),
  claimed_at: timestamp.nullable(),
  assigned_by_email: z.string().nullable().describe('The lead who assigned it; null when its holder claimed it'),
  escalated_at: timestamp.nullable().describe('When its deadline passed and the step escalated it'),
  stage: z.number().int().min(1).max(2).describe('1, or 2 for the second decision of a four-eyes step'),
  first_review_id: uuidSchema.nullable().describe('On a second decision: the first review (whose decider may not give this one)'),
  applicant_name: z.string().optional(),
  workflow_name: z.string().optional(),
});
export type ReviewTask = z.infer<typeof reviewTaskSchema>;

export const applicationSummarySchema = z.object({
  id: uuidSchema,
  organization_id: uuidSchema,
  workflow_id: uuidSchema,
  workflow_name: z.string(),
  workflow_version: z.number().int(),
  status: applicationStatusSchema,
  outcome: z.string().nullable(),
  waiting_for: z.string().nullable(),
  wait_until: timestamp.nullable(),
  current_step_id: uuidSchema.nullable(),
  current_step_name: z.string().nullable(),
  current_step_type: z.string().nullable(),
  applicant_name: z.string(),
  applicant_email: z.string(),
  external_ref: z.string().nullable(),
  source: z.enum(APPLICATION_SOURCES),
  error: z.string().nullable(),
  review_due_at: timestamp.nullable(),
  overdue: z.boolean(),
  escalated_at: timestamp.nullable().describe('When a review of the case was escalated (its deadline passed on a step that escalates)'),
  created_at: timestamp,
  updated_at: timestamp,
  completed_at: timestamp.nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationEventSchema = z.object({
  id: z.string().describe('The stream position of the event (use as Last-Event-ID)'),
  application_id: uuidSchema,
  organization_id: uuidSchema,
  workflow_id: uuidSchema.nullable(),
  type: z.enum(APPLICATION_EVENT_TYPES),
  step_id: uuidSchema.nullable(),
  step_type: z.string().nullable(),
  actor_type: z.enum(['system', 'user', 'api_key', 'applicant']),
  actor_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  created_at: timestamp,
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;

export const applicationStepRunSchema = z.object({
  id: uuidSchema,
  step_id: uuidSchema,
  step_type: z.string(),
  step_name: z.string(),
  status: z.enum(['running', 'waiting', 'completed', 'failed', 'cancelled']),
  attempts: z.number().int(),
  branch: z.string().nullable(),
  output: z.unknown(),
  error: z.string().nullable(),
  entered_at: timestamp,
  completed_at: timestamp.nullable(),
  duration_ms: z.number().int().nullable(),
});

export const applicationFileSchema = z.object({
  id: uuidSchema,
  step_id: uuidSchema,
  field_key: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: timestamp,
});

export const applicationToolCallSchema = z.object({
  id: uuidSchema,
  tool_id: uuidSchema.nullable(),
  tool_name: z.string().nullable(),
  status: z.string(),
  input: z.unknown(),
  output: z.unknown(),
  request: z.unknown(),
  response: z.unknown(),
  error: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  attempts: z.number().int(),
  created_at: timestamp,
});

export const applicationDetailSchema = applicationSummarySchema.extend({
  applicant: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()),
  steps: z.array(applicationStepRunSchema),
  events: z.array(applicationEventSchema),
  review_tasks: z.array(reviewTaskSchema),
  tool_calls: z.array(applicationToolCallSchema),
  files: z.array(applicationFileSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const APPLICATION_SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;

const booleanFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const applicationListQuerySchema = listQuerySchema.extend({
  sort: sortQuery(APPLICATION_SORTS),
  status: applicationStatusSchema.optional(),
  workflow_id: uuidSchema.optional(),
  current_step_id: uuidSchema.optional(),
  waiting_for_review: booleanFlag.optional(),
  overdue: booleanFlag.optional(),
  escalated: booleanFlag.optional().describe('Only cases with an escalated review'),
  from: isoDateOrDateTimeSchema.optional().describe('Created at or after (ISO date or date-time)'),
  to: isoDateOrDateTimeSchema.optional().describe('Created before (ISO date or date-time)'),
  organization_id: uuidSchema.optional(),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page (keyset pagination; `offset` is then ignored)', 'x-issued-by-server': CURSOR_RULE }),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const applicationListSchema = z.object({
  items: z.array(applicationSummarySchema),
  total: z.number().int(),
  total_exact: z.boolean().optional(),
  limit: z.number().int(),
  offset: z.number().int(),
  next_cursor: z.string().nullable(),
});

export const applicationCountsQuerySchema = z.object({
  organization_id: uuidSchema.optional(),
  workflow_id: uuidSchema.optional(),
  today_from: isoDateTimeSchema.optional().describe("Where the caller's today began (ISO date-time); default: midnight UTC"),
});
export const applicationCountsSchema = z.object({
  in_progress: z.number().int().describe('Pending, running or waiting'),
  waiting_for_review: z.number().int(),
  overdue: z.number().int().describe('With an open review past its deadline'),
  completed_today: z.number().int().describe('Ended (any outcome but cancelled) since `today_from`'),
  failed: z.number().int().describe('Failed and not retried: each needs a retry or cancelling'),
});
export type ApplicationCounts = z.infer<typeof applicationCountsSchema>;

export const createManualApplicationSchema = createApplicationSchema.extend({
  organization_id: uuidSchema.optional(),
});

export const cancelApplicationSchema = z.object({ reason: z.string().trim().max(1000).optional() });

export const decideReviewSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().trim().max(2000).optional(),
  })
  .refine((b) => b.decision === 'approve' || Boolean(b.comment), { message: APPLICATION_MESSAGES.commentRequired, path: ['comment'] })
  .meta({ 'x-rules': [`\`decision=reject\` needs a \`comment\` (not empty once trimmed): "${APPLICATION_MESSAGES.commentRequired}"`] });
export type DecideReview = z.infer<typeof decideReviewSchema>;

/** Whose reviews a queue shows: the caller's (`me`), nobody's yet (`nobody`), or one person's (their user id). */
export const REVIEW_HOLDERS = ['me', 'nobody'] as const;
export const reviewHolderSchema = z
  .union([z.enum(REVIEW_HOLDERS), uuidSchema])
  .describe('`me`: reviews the caller has; `nobody`: reviews nobody has claimed; a user id: the reviews that person has');

export const reviewTaskListQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  status: z.enum(['open', 'approved', 'rejected', 'cancelled']).default('open'),
  mine: booleanFlag.optional().describe('Only tasks the caller may decide (their role; administrators: all)'),
  claimed_by: reviewHolderSchema.optional(),
  overdue: booleanFlag.optional(),
  organization_id: uuidSchema.optional(),
});

/** The caller's open reviews at a glance: the queue's views and the dashboard's review card. */
export const reviewQueueCountsSchema = z.object({
  mine: z.number().int().describe('Open reviews the caller has (claimed or assigned to them)'),
  unclaimed: z.number().int().describe('Open reviews of the caller’s roles that nobody has claimed'),
  roles: z.number().int().describe('Open reviews the caller may decide, whoever has them'),
  overdue_mine: z.number().int().describe('Of `mine`, those past their deadline'),
});
export type ReviewQueueCounts = z.infer<typeof reviewQueueCountsSchema>;
export const reviewQueueCountsQuerySchema = z.object({ organization_id: uuidSchema.optional() });

/** A lead gives a review to a named person who may decide it (or takes it back from whoever has it: `release`). */
export const assignReviewSchema = z.object({ user_id: uuidSchema.describe('The staff member who gets the review; they must be able to decide it') });
export type AssignReview = z.infer<typeof assignReviewSchema>;

// ---------------------------------------------------------------------------------------------
// Staff notes on a case (issue 35): never shown to the applicant.

/** How long after writing it a note's author may change it. */
export const NOTE_EDIT_WINDOW_MS = 5 * 60_000;
export const NOTE_MAX_LENGTH = 10_000;

/** The most files one note carries (each within the upload limit of the system settings, as a form's files). */
export const NOTE_MAX_FILES = 10;

/** A file attached to a note: staff-only, downloaded as an attachment, never in the case's Files (the applicant's) nor on the applicant's pages. */
export const caseNoteFileSchema = z.object({
  id: uuidSchema,
  file_name: z.string(),
  content_type: z.string().describe('As the uploader’s browser named it; the download is always application/octet-stream'),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: timestamp,
});
export type CaseNoteFile = z.infer<typeof caseNoteFileSchema>;

export const caseNoteSchema = z.object({
  id: uuidSchema,
  application_id: uuidSchema,
  author_id: uuidSchema.nullable(),
  author_email: z.string(),
  body: z.string().describe('Markdown; empty once redacted'),
  mentions: z.array(z.object({ id: uuidSchema, email: z.string() })).describe('Colleagues mentioned as @their-email, each notified'),
  created_at: timestamp,
  edited_at: timestamp.nullable(),
  editable_until: timestamp.describe('Until when its author may change it'),
  redacted_at: timestamp.nullable(),
  redacted_by_email: z.string().nullable(),
  files: z.array(caseNoteFileSchema).describe(`Attached files, oldest first (at most ${NOTE_MAX_FILES}; removed when the note is redacted)`),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;
export const caseNoteListSchema = z.object({ items: z.array(caseNoteSchema) });
export const caseNoteBodySchema = z.object({
  body: requiredText(APPLICATION_MESSAGES.noteRequired)
    .max(NOTE_MAX_LENGTH)
    .describe('Markdown. Mention a colleague with @ and their e-mail address (e.g. @ada@bank.example): they get a portal notification'),
});
export type CaseNoteBody = z.infer<typeof caseNoteBodySchema>;
export const caseNoteParamsSchema = z.object({ id: uuidSchema, note_id: uuidSchema });
export const caseNoteFileParamsSchema = z.object({ id: uuidSchema, note_id: uuidSchema, file_id: uuidSchema });

/** The most reviews one bulk action takes. */
export const BULK_REVIEW_MAX = 500;
export const BULK_REVIEW_ACTIONS = ['approve', 'reject', 'claim', 'release', 'assign'] as const;

/**
 * One action on many reviews (issue 35): each review is checked and changed as if alone (its own transaction, the same
 * rules, holder and permissions), and gets its own result.
 */
export const bulkReviewSchema = z
  .object({
    action: z.enum(BULK_REVIEW_ACTIONS),
    task_ids: z
      .array(uuidSchema)
      .min(1)
      .max(BULK_REVIEW_MAX)
      .refine((ids) => new Set(ids).size === ids.length, { message: APPLICATION_MESSAGES.bulkTaskIdsUnique })
      .meta({ uniqueItems: true, description: `The reviews, each once; 1 to ${BULK_REVIEW_MAX}` }),
    comment: z.string().trim().max(2000).optional().describe('The one comment of every decision: required to reject, optional to approve, refused otherwise'),
    user_id: uuidSchema.optional().describe('Who gets the reviews: required to assign (manage_reviews), refused otherwise'),
  })
  .refine((b) => b.action !== 'reject' || Boolean(b.comment), { message: APPLICATION_MESSAGES.commentRequired, path: ['comment'] })
  .refine((b) => b.action !== 'assign' || b.user_id !== undefined, { message: APPLICATION_MESSAGES.bulkAssigneeRequired, path: ['user_id'] })
  .refine((b) => b.action === 'assign' || b.user_id === undefined, { message: APPLICATION_MESSAGES.bulkUserOnlyToAssign, path: ['user_id'] })
  .refine((b) => b.action === 'approve' || b.action === 'reject' || b.comment === undefined, {
    message: APPLICATION_MESSAGES.bulkCommentOnlyToDecide,
    path: ['comment'],
  })
  .meta({
    'x-rules': [
      `\`action=reject\` needs a \`comment\` (not empty once trimmed): "${APPLICATION_MESSAGES.commentRequired}"`,
      `\`action=assign\` needs \`user_id\`: "${APPLICATION_MESSAGES.bulkAssigneeRequired}"`,
      `\`user_id\` only with \`action=assign\`: "${APPLICATION_MESSAGES.bulkUserOnlyToAssign}"`,
      `\`comment\` only with \`action=approve\` or \`action=reject\`: "${APPLICATION_MESSAGES.bulkCommentOnlyToDecide}"`,
    ],
  });
export type BulkReview = z.infer<typeof bulkReviewSchema>;

export const bulkReviewResultSchema = z.object({
  task_id: uuidSchema,
  ok: z.boolean(),
  /** The status the action alone would have answered (200, 403, 404, 409, 422). */
  status: z.number().int(),
  /** Why it was refused; null when done. */
  detail: z.string().nullable(),
  application_id: uuidSchema.nullable(),
});
export const bulkReviewResponseSchema = z.object({
  results: z.array(bulkReviewResultSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkReviewResponse = z.infer<typeof bulkReviewResponseSchema>;

/** Staff who may decide reviews in an organization, with how many open reviews each has now (a lead's assign list). */
export const reviewerSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string(),
  role: z.string(),
  open_reviews: z.number().int().describe('Open reviews this person has now'),
});
export type Reviewer = z.infer<typeof reviewerSchema>;
export const reviewerListQuerySchema = z.object({
  role: z.enum(ROLES).optional().describe('Only people who may decide a review of this assignee role (the role itself and administrators)'),
  organization_id: uuidSchema.optional(),
});
export const reviewerListSchema = z.object({ items: z.array(reviewerSchema) });
export const reviewTaskListSchema = z.object({
  items: z.array(reviewTaskSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** The `data` of a stream's `application_event`: the event, and the case as it is now (null once erased). */
export const applicationStreamEventSchema = applicationEventSchema.extend({ application: applicationSummarySchema.nullable() });
export type ApplicationStreamEvent = z.infer<typeof applicationStreamEventSchema>;

/**
 * A position in the event stream, as every event's `id` (the `ready` event's included) carries it: the writing
 * transaction, a hyphen, the event's sequence number. The digits are bounded so that any position fits PostgreSQL's
 * xid8 and bigint. A malformed position is refused (422), never read as "from now" (which would lose events).
 */
export const STREAM_POSITION_PATTERN = '^[0-9]{1,19}-[0-9]{1,18}$';
const streamPosition = z.string().max(38).regex(new RegExp(STREAM_POSITION_PATTERN), APPLICATION_MESSAGES.streamPositionInvalid);

export const applicationStreamQuerySchema = z.object({
  organization_id: uuidSchema.optional(),
  workflow_id: uuidSchema.optional(),
  application_id: uuidSchema.optional(),
  last_event_id: streamPosition.optional().describe('Resume after this position (an event id; the Last-Event-ID header takes precedence)'),
  follow: booleanFlag.default(true).describe('false: send the events since `last_event_id` and close, instead of following'),
});

export const applicationStreamHeadersSchema = z.object({
  'last-event-id': z
    .string()
    .max(38)
    .regex(new RegExp(`^(?:${STREAM_POSITION_PATTERN.slice(1, -1)})?$`), APPLICATION_MESSAGES.streamPositionInvalid)
    .optional()
    .describe('Resume after this position (sent by EventSource clients on reconnect). Empty: no position yet, the stream starts now'),
});

/** The `data` of a stream's first event, `ready` (its `id` is the same position). */
export const applicationStreamReadySchema = z.object({ position: z.string() });

/**
 * Why a stream ended with `event: closing`. server_shutdown and token_expired: reconnect (with a fresh token for
 * the second) from the last id; session_ended: the session is over (signed out, revoked, user deactivated or
 * deleted), sign in again; forbidden: the caller may no longer follow this stream.
 */
export const STREAM_CLOSING_REASONS = ['server_shutdown', 'token_expired', 'session_ended', 'forbidden'] as const;
export type StreamClosingReason = (typeof STREAM_CLOSING_REASONS)[number];
export const applicationStreamClosingSchema = z.object({ reason: z.enum(STREAM_CLOSING_REASONS) });
export type ApplicationStreamClosing = z.infer<typeof applicationStreamClosingSchema>;

// ---------------------------------------------------------------------------------------------
// Staff notifications (notification steps with the `internal` channel), addressed to a role or a user

export const staffNotificationSchema = z.object({
  id: uuidSchema,
  application_id: uuidSchema.nullable(),
  applicant_name: z.string().nullable(),
  recipient_role: z.string().nullable(),
  recipient_user_id: uuidSchema.nullable(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: timestamp,
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;
export const staffNotificationQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  unread: booleanFlag.optional().describe('Only the ones the caller has not read'),
});
export const staffNotificationListSchema = z.object({
  items: z.array(staffNotificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Demo traffic (an administrator's switch)

export const demoTrafficSchema = z.object({
  enabled: z.boolean(),
  per_minute: z.number().int(),
  started: z.number().int(),
  forms_answered: z.number().int(),
  since: timestamp.nullable(),
});
export const demoTrafficUpdateSchema = z.object({
  enabled: z.boolean(),
  per_minute: z.number().int().min(1).max(120).default(12).describe('New applications per minute'),
});
