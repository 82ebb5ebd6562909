import type { ApplicationEvent, ApplicationSummary, PublicApplication, ReviewTask } from '@admin-portal/contract/applications/api';
import type { FormConfig, PinnedGraph } from '../../engine/commands.ts';
import type { ApplicationRow, EventRow, FileRow, StepRunRow, ToolCallRow } from './applications.queries.ts';
import type { ReviewTaskRow } from './review-tasks.queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const PUBLIC_BASE = '/api/public/v1/applications';
export const statusUrl = (id: string) => `${PUBLIC_BASE}/${id}`;

export function presentPublic(row: ApplicationRow, graph: PinnedGraph | undefined): PublicApplication {
  const step = row.current_step_id ? graph?.steps.get(row.current_step_id) : undefined;
  const form = row.status === 'waiting' && row.waiting_for === 'form' && step?.type === 'form' ? (step.config as unknown as FormConfig) : null;
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    status: row.status as PublicApplication['status'],
    outcome: row.outcome,
    external_ref: row.external_ref,
    current_step: step ? { id: step.id, name: step.name, type: step.type } : null,
    waiting_for: row.waiting_for,
    required: form
      ? {
          step_id: step!.id,
          title: form.title,
          instructions: form.instructions,
          fields: form.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options })),
          submit_url: `${statusUrl(row.id)}/forms/${step!.id}`,
        }
      : null,
    status_url: statusUrl(row.id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: iso(row.completed_at),
  };
}

export function presentSummary(row: ApplicationRow): ApplicationSummary {
  return {
    id: row.id,
    organization_id: row.organization_id,
    workflow_id: row.workflow_id,
    workflow_name: row.workflow_name,
    workflow_version: row.workflow_version,
    status: row.status as ApplicationSummary['status'],
    outcome: row.outcome,
    waiting_for: row.waiting_for,
    wait_until: iso(row.wait_until),
    current_step_id: row.current_step_id,
    current_step_name: row.current_step_name,
    current_step_type: row.current_step_type,
    applicant_name: row.applicant_name,
    applicant_email: row.applicant_email,
    external_ref: row.external_ref,
    source: row.source,
    error: row.error,
    review_due_at: iso(row.review_due_at),
    escalated_at: iso(row.escalated_at),
    overdue: row.review_due_at !== null && row.review_due_at.getTime() < Date.now(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: iso(row.completed_at),
  };
}

/** The stream position of an event: its transaction and sequence number (`Last-Event-ID`). */
export const eventId = (e: Pick<EventRow, 'tx' | 'seq'>) => `${e.tx}-${e.seq}`;

export function presentEvent(e: EventRow): ApplicationEvent {
  return {
    id: eventId(e),
    application_id: e.application_id,
    organization_id: e.organization_id,
    workflow_id: e.workflow_id,
    type: e.type as ApplicationEvent['type'],
    step_id: e.step_id,
    step_type: e.step_type,
    actor_type: e.actor_type,
    actor_id: e.actor_id,
    data: e.payload,
    error: e.error,
    created_at: e.created_at.toISOString(),
  };
}

export function presentStepRun(r: StepRunRow) {
  return {
    id: r.id,
    step_id: r.step_id,
    step_type: r.step_type,
    step_name: r.step_name,
    status: r.status,
    attempts: r.attempts,
    branch: r.branch,
    output: r.output ?? null,
    error: r.error,
    entered_at: r.entered_at.toISOString(),
    completed_at: iso(r.completed_at),
    duration_ms: r.completed_at ? r.completed_at.getTime() - r.entered_at.getTime() : null,
  };
}

export function presentReviewTask(t: ReviewTaskRow): ReviewTask {
  return {
    id: t.id,
    application_id: t.application_id,
    workflow_id: t.workflow_id,
    step_id: t.step_id,
    step_name: t.step_name,
    assignee_role: t.assignee_role,
    instructions: t.instructions,
    status: t.status,
    due_at: t.due_at.toISOString(),
    overdue: t.status === 'open' && t.due_at.getTime() < Date.now(),
    decided_by: t.decided_by,
    decided_by_email: t.decided_by_email,
    decided_at: iso(t.decided_at),
    comment: t.comment,
    created_at: t.created_at.toISOString(),
    claimed_by: t.claimed_by,
    claimed_by_email: t.claimed_by_email,
    claimed_by_name: t.claimed_by_name,
    claimed_at: iso(t.claimed_at),
    escalated_at: iso(t.escalated_at),
    stage: t.stage,
    first_review_id: t.first_review_id,
    assigned_by_email: t.assigned_by_email,
    ...(t.applicant_name !== undefined ? { applicant_name: t.applicant_name } : {}),
    ...(t.workflow_name !== undefined ? { workflow_name: t.workflow_name } : {}),
  };
}

export const presentToolCall = (t: ToolCallRow) => ({ ...t, created_at: t.created_at.toISOString() });
export const presentFile = (f: FileRow) => ({ ...f, created_at: f.created_at.toISOString() });
