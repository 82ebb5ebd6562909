/**
 * Starting a case (the public intake API, staff creating one by hand, the demo traffic): the workflow must be
 * active in the caller's organization; the case is pinned to the workflow's current version, recorded with its
 * first event and queued, all in one transaction. An Idempotency-Key makes a retried request answer the same
 * case instead of starting a second one.
 */
import { canonicalJson } from '@admin-portal/contract/canonical-json';
import { createHash } from 'node:crypto';
import { APPLICATION_MESSAGES, IDEMPOTENCY_KEY_PATTERN, type CreateApplication } from '@admin-portal/contract/applications/api';
import type { ValidationError } from '@admin-portal/contract/common';
import type { Db } from '../../db/client.ts';
import { type ActorType, EVENTS_CHANNEL, JOBS_CHANNEL, loadPinnedGraph, type Runtime } from '../../engine/commands.ts';
import { conflict, fieldProblems, HttpError, invalidField } from '../../http/errors.ts';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { findByIdempotencyKey, findWorkflowToStart, insertApplication, type ApplicationRow, type NewApplication } from './applications.queries.ts';

export interface IntakeSource {
  organizationId: string;
  source: 'api' | 'manual' | 'demo' | 'apply';
  actor: { type: ActorType; id: string | null };
  apiKeyId: string | null;
  userId: string | null;
  environment: 'development' | 'staging' | 'production';
}

export const requestHash = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

const IDEMPOTENCY_KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The Idempotency-Key header, checked (undefined when not sent). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY.test(value)) throw invalidField('Idempotency-Key', APPLICATION_MESSAGES.idempotencyKeyInvalid, 400);
  return value;
}

function replayOrConflict(existing: ApplicationRow, hash: string): { row: ApplicationRow; created: false } {
  if (existing.request_hash !== hash)
    throw conflict(APPLICATION_MESSAGES.idempotencyConflict, [{ field: 'Idempotency-Key', message: APPLICATION_MESSAGES.idempotencyConflict }]);
  return { row: existing, created: false };
}

/** The case as it stands right after intake: pending, at no step yet. */
function newRow(a: NewApplication, inserted: { id: string; created_at: Date; updated_at: Date }, workflowName: string): ApplicationRow {
  return {
    id: inserted.id,
    organization_id: a.organization_id,
    workflow_id: a.workflow_id,
    workflow_name: workflowName,
    workflow_version: a.workflow_version,
    status: 'pending',
    outcome: null,
    waiting_for: null,
    wait_until: null,
    current_step_id: null,
    current_step_run_id: null,
    current_step_name: null,
    current_step_type: null,
    applicant: a.applicant,
    applicant_name: String(a.applicant.name ?? ''),
    applicant_email: String(a.applicant.email ?? '').toLowerCase(),
    external_ref: a.external_ref,
    source: a.source,
    data: a.data,
    error: null,
    review_due_at: null,
    escalated_at: null,
    request_hash: a.request_hash,
    created_at: inserted.created_at,
    updated_at: inserted.updated_at,
    completed_at: null,
  };
}

export async function startApplication(
  db: Db,
  runtime: Runtime,
  from: IntakeSource,
  body: CreateApplication,
  idempotencyKey?: string,
): Promise<{ row: ApplicationRow; created: boolean }> {
  // Only a request that names an Idempotency-Key is hashed (to tell a replay from another request).
  const hash = idempotencyKey ? requestHash(body) : null;
  if (idempotencyKey && hash) {
    const existing = await findByIdempotencyKey(db, from.organizationId, idempotencyKey);
    if (existing) return replayOrConflict(existing, hash);
  }

  const workflow = await findWorkflowToStart(db, body.workflow_id, from.organizationId);
  if (!workflow) throw invalidField('workflow_id', 'Unknown workflow');
  if (workflow.status !== 'active') throw invalidField('workflow_id', APPLICATION_MESSAGES.workflowNotActive);
  const graph = await loadPinnedGraph(db, workflow.id, workflow.version);
  if (!graph?.start) throw invalidField('workflow_id', 'The workflow has no start step');

  const required = ((graph.start.config as { required_fields?: string[] }).required_fields ?? []).filter((f) => {
    const value = body.data[f];
    return value === undefined || value === null || value === '';
  });
  if (required.length > 0) {
    const errors: ValidationError[] = required.map((f) => ({ field: `data.${f}`, message: APPLICATION_MESSAGES.fieldRequired }));
    throw fieldProblems(422, SERVER_MESSAGES.validationFailed, errors);
  }

  const application: NewApplication = {
    organization_id: from.organizationId,
    workflow_id: workflow.id,
    workflow_version: workflow.version,
    applicant: body.applicant,
    data: body.data,
    external_ref: body.external_ref ?? null,
    source: from.source,
    api_key_id: from.apiKeyId,
    created_by: from.userId,
    idempotency_key: idempotencyKey ?? null,
    request_hash: hash,
    environment: from.environment,
  };
  const inserted = await insertApplication(
    db,
    application,
    {
      actorType: from.actor.type,
      actorId: from.actor.id,
      payload: { source: from.source, workflow_version: workflow.version, ...(body.external_ref ? { external_ref: body.external_ref } : {}) },
    },
    { events: db.channelName(EVENTS_CHANNEL), jobs: db.channelName(JOBS_CHANNEL) },
  );
  if (!inserted) {
    // The same key was used by a request that committed first.
    const existing = idempotencyKey ? await findByIdempotencyKey(db, from.organizationId, idempotencyKey) : null;
    if (!existing || !hash) throw new HttpError(409, APPLICATION_MESSAGES.idempotencyConflict);
    return replayOrConflict(existing, hash);
  }
  runtime.wake();
  return { row: newRow(application, inserted, workflow.name), created: true };
}
