import type { ApplicationSummary } from '@admin-portal/contract/applications/api';
import { APPLICATION_STATUS_LABELS, type ApplicationEventType, type ApplicationStatus } from '@admin-portal/contract/applications/statuses';

export const STATUS_BADGE_CLASSES: Readonly<Record<ApplicationStatus, string>> = {
  pending: 'badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle',
  running: 'badge rounded-pill border bg-info-subtle text-info-emphasis border-info-subtle',
  waiting: 'badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle',
  completed: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  failed: 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
  cancelled: 'badge rounded-pill border border-secondary text-body-secondary bg-transparent',
};

export const statusLabel = (status: ApplicationStatus): string => APPLICATION_STATUS_LABELS[status];

const WAITING_LABELS: Record<string, string> = { form: 'for a form', approval: 'for review', delay: 'for a timer', retry: 'to retry' };
const OUTCOME_LABELS: Record<string, string> = { approved: 'Approved', rejected: 'Rejected', completed: 'Completed', cancelled: 'Cancelled' };

/** "Waiting for review", "Completed · Approved", "Failed": what a case's status says in a row. */
export function statusDetail(a: Pick<ApplicationSummary, 'status' | 'waiting_for' | 'outcome'>): string | null {
  if (a.status === 'waiting' && a.waiting_for) return WAITING_LABELS[a.waiting_for] ?? a.waiting_for;
  if (a.status === 'completed' && a.outcome && a.outcome !== 'completed') return OUTCOME_LABELS[a.outcome] ?? a.outcome;
  return null;
}

export const EVENT_LABELS: Readonly<Record<ApplicationEventType, string>> = {
  application_created: 'Application received',
  step_entered: 'Step entered',
  step_completed: 'Step completed',
  step_failed: 'Step failed',
  retry_scheduled: 'Retry scheduled',
  waiting: 'Waiting',
  form_submitted: 'Form submitted',
  review_decided: 'Review decided',
  notification_sent: 'Notification sent',
  application_completed: 'Application completed',
  application_failed: 'Application failed',
  application_cancelled: 'Application cancelled',
  application_retried: 'Application retried',
  applicant_visited: 'Applicant opened their page',
  applicant_link_sent: 'Link sent to the applicant',
  review_claimed: 'Review claimed',
  review_released: 'Review released',
  review_assigned: 'Review assigned',
  review_escalated: 'Review escalated',
  note_added: 'Note added',
  note_redacted: 'Note redacted',
};

/** 850 ms, 12 s, 4 min 5 s, 3 h 20 min, 2 d 4 h. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** "in 3 h 20 min" / "2 h overdue" for a review deadline. */
export function dueLabel(dueAt: string, now = Date.now()): string {
  const diff = Date.parse(dueAt) - now;
  return diff >= 0 ? `in ${formatDuration(diff)}` : `${formatDuration(-diff)} overdue`;
}

/** Whether a role may decide a review task of `assigneeRole` (the server's rule: that role, administrators, super administrators). */
export const mayDecide = (role: string, assigneeRole: string): boolean => role === assigneeRole || role === 'admin' || role === 'super_admin';

/** How many bytes, readably. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
