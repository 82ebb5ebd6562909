import { z } from 'zod';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, uuidSchema } from '../common.ts';
import { CURSOR_RULE, isoDateOrDateTimeSchema, queryInteger } from '../input-rules.ts';

// The target types and change summaries live in audit-changes.ts (zod-free, for the web app's page).
export { AUDIT_TARGET_TYPES, changeRows, summarizeChanges } from './audit-changes.ts';

/**
 * The audit log (issue 17, spec §7 `GET /admin/system/audit-logs`): every mutation's row, read-only, newest
 * first, in keyset pages. See docs/decisions/0027-audit-log.md.
 */

/** What narrows the audit log: the list's query string without its page (the CSV export takes the same). */
export const auditLogFilterSchema = z.object({
  q: z.string().trim().max(200).optional().describe('Free text in the action, target, actor email or the change'),
  actor: z.string().trim().max(254).optional().describe("The actor's user id, or their email (exact, any case)"),
  action: z.string().trim().max(64).optional().describe('One action, e.g. `user.create`'),
  target_type: z.string().trim().max(64).optional().describe('e.g. `user`, `workflow`, `tool`, `application`'),
  target_id: z.string().trim().max(200).optional(),
  organization_id: uuidSchema.optional().describe("Super administrators: one organization's rows (others see only their own)"),
  from: isoDateOrDateTimeSchema.optional().describe('At or after (ISO date or date-time)'),
  to: isoDateOrDateTimeSchema.optional().describe('Before (ISO date or date-time)'),
});
export type AuditLogFilter = z.input<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  limit: queryInteger({ min: 1, max: LIST_LIMIT_MAX, default: LIST_LIMIT_DEFAULT }),
  offset: queryInteger({ min: 0, max: 10_000, default: 0 }).describe('Rows to skip (at most 10,000; ignored with `cursor`)'),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page (keyset pagination; `offset` is then ignored)', 'x-issued-by-server': CURSOR_RULE }),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: uuidSchema,
  actor: z.object({
    id: z.string().nullable(),
    email: z.string().nullable(),
    /** The actor's current name; null once the user is deleted (the email stays). */
    name: z.string().nullable(),
  }),
  /** The code, e.g. `user.create` (its words: `auditActionLabel` in audit-actions.ts). */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /**
   * What the target was called when the action happened (a user's name, a workflow's name, …), kept after it is
   * renamed or deleted; for rows older than these names, its current name while it exists; else null.
   */
  target_name: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** The change in one line, e.g. `role: operator → viewer`. */
  summary: z.string(),
  changes: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogListSchema = z.object({
  items: z.array(auditLogEntrySchema),
  /** Matches counted up to COUNT_CAP; `total_exact` false means "that many or more". */
  total: z.number().int(),
  total_exact: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type AuditLogList = z.infer<typeof auditLogListSchema>;

/** The CSV export's header row, in order; new columns go at the end, so a reader counting columns keeps working. */
export const AUDIT_EXPORT_COLUMNS = [
  'created_at',
  'id',
  'organization_id',
  'organization',
  'actor_id',
  'actor_email',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'summary',
  'changes',
  'ip',
  'request_id',
  /** The action in words, e.g. "Created user". */
  'action_label',
  'target_name',
] as const;
