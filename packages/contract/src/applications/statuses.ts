/**
 * Application statuses, their labels and the kinds of events, without zod: the Real-time Monitor's list shows them
 * before any form needs a schema. api.ts re-exports them with the schemas built on them.
 */

/** pending: queued, not yet run · running · waiting (form, approval, delay, retry) · completed · failed · cancelled */
export const APPLICATION_STATUSES = ['pending', 'running', 'waiting', 'completed', 'failed', 'cancelled'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const OPEN_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['pending', 'running', 'waiting'];

export const APPLICATION_STATUS_LABELS: Readonly<Record<ApplicationStatus, string>> = {
  pending: 'Pending',
  running: 'In progress',
  waiting: 'Waiting',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const WAITING_FOR = ['form', 'approval', 'delay', 'retry'] as const;
export type WaitingFor = (typeof WAITING_FOR)[number];

export const OUTCOMES = ['approved', 'rejected', 'completed', 'cancelled'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Where a case came from: the intake API, staff by hand, the demo traffic, or the applicant on a workflow's start link (issue 34). */
export const APPLICATION_SOURCES = ['api', 'manual', 'demo', 'apply'] as const;

/** Every kind of application event (the timeline, the stream and analytics read them). */
export const APPLICATION_EVENT_TYPES = [
  'application_created',
  'step_entered',
  'step_completed',
  'step_failed',
  'retry_scheduled',
  'waiting',
  'form_submitted',
  'review_decided',
  'notification_sent',
  'application_completed',
  'application_failed',
  'application_cancelled',
  'application_retried',
  'applicant_visited',
  'applicant_link_sent',
  'review_claimed',
  'review_released',
  'review_assigned',
  'review_escalated',
  'note_added',
  'note_redacted',
] as const;
export type ApplicationEventType = (typeof APPLICATION_EVENT_TYPES)[number];
