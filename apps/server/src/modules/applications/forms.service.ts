/**
 * Answering the form a case waits for: the answers are checked against the step's fields (an unknown field is
 * refused like any unknown field, 400; a missing or wrong one is 422), merged into the application data with
 * any files, and the step is completed — moving the case on — in one transaction.
 */
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import type { ValidationError } from '@admin-portal/contract/common';
import { answerProblemMessage, checkAnswer, isEmptyAnswer } from '@admin-portal/contract/applications/form-answers';
import { INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { Db, Queryable } from '../../db/client.ts';
import {
  type ActorType,
  caseAtStep,
  type FormConfig,
  loadPinnedGraph,
  lockCase,
  type Runtime,
  submitForm as submitFormAnswers,
  waitsForForm,
} from '../../engine/commands.ts';
import { findApplication, insertApplicationFile, type ApplicationRow } from './applications.queries.ts';
import { conflict, fieldProblems, notFound } from '../../http/errors.ts';

export interface UploadedFile {
  field: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Checks answers (and files) against the form's fields: the data to merge, or throws with every problem. */
export function checkFormAnswers(config: FormConfig, answers: Record<string, unknown>, files: readonly UploadedFile[]): Record<string, unknown> {
  const byKey = new Map(config.fields.map((f) => [f.key, f]));
  const unknown = [...Object.keys(answers), ...files.map((f) => f.field)].filter((k) => !byKey.has(k));
  if (unknown.length > 0) {
    throw fieldProblems(
      400,
      INPUT_MESSAGES.malformedRequest,
      [...new Set(unknown)].map((field) => ({ field, message: INPUT_MESSAGES.unknownField })),
    );
  }
  const problems: ValidationError[] = [];
  const data: Record<string, unknown> = {};
  for (const field of config.fields) {
    if (field.type === 'file') {
      const sent = files.filter((f) => f.field === field.key);
      if (sent.length === 0 && field.required) problems.push({ field: field.key, message: APPLICATION_MESSAGES.fileExpected });
      if (!isEmptyAnswer(answers[field.key])) problems.push({ field: field.key, message: APPLICATION_MESSAGES.fileExpected });
      if (sent.length > 0) data[field.key] = sent.map((f) => ({ file_name: f.fileName, content_type: f.contentType, size_bytes: f.content.length }));
      continue;
    }
    const value = answers[field.key];
    if (isEmptyAnswer(value)) {
      if (field.required) problems.push({ field: field.key, message: APPLICATION_MESSAGES.fieldRequired });
      continue;
    }
    const checked = checkAnswer(field, value);
    if ('problem' in checked) problems.push({ field: field.key, message: answerProblemMessage(checked.problem, field) });
    else data[field.key] = checked.value;
  }
  if (problems.length > 0) throw fieldProblems(422, SERVER_MESSAGES.validationFailed, problems);
  return data;
}

/** 409 unless the case waits at `stepId` for the applicant's form. */
function assertWaitsForForm(c: Parameters<typeof waitsForForm>[0], stepId: string): void {
  if (!waitsForForm(c, stepId)) throw conflict(APPLICATION_MESSAGES.formNotExpected, [{ field: 'step_id', message: APPLICATION_MESSAGES.formNotExpected }]);
}

/**
 * The form an application waits for at `stepId`, or the answer a submission would get (404: no such application
 * for this organization; 409: it is not waiting for that form). Read without locking, before a multipart body is
 * read at all, so a refused upload costs nothing; submitForm checks again in its transaction.
 */
export async function expectedForm(db: Db, organizationId: string, applicationId: string, stepId: string): Promise<FormConfig> {
  const c = await findApplication(db, applicationId);
  if (!c || c.organization_id !== organizationId) throw notFound('Application');
  return expectedFormOf(db, c, stepId);
}

/** expectedForm for a case already read (the applicant's page has it from its link). */
export async function expectedFormOf(db: Db, c: ApplicationRow, stepId: string): Promise<FormConfig> {
  assertWaitsForForm(c, stepId);
  const step = (await loadPinnedGraph(db, c.workflow_id, c.workflow_version))?.steps.get(stepId);
  if (!step) throw notFound('Form step');
  return step.config as unknown as FormConfig;
}

export async function submitForm(
  db: Db,
  runtime: Runtime,
  who: { organizationId: string; actor: { type: ActorType; id: string | null } },
  applicationId: string,
  stepId: string,
  answers: Record<string, unknown>,
  files: readonly UploadedFile[] = [],
  /** More to write in the same transaction (the applicant's page drops the draft the answers replace). */
  alongside?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await lockCase(tx, applicationId);
    if (!c || c.organization_id !== who.organizationId) throw notFound('Application');
    assertWaitsForForm(c, stepId);
    const at = await caseAtStep(tx, c, stepId, c.current_step_run_id);
    if (!at) throw notFound('Form step');
    const data = checkFormAnswers(at.step.config as unknown as FormConfig, answers, files);

    for (const file of files) {
      await insertApplicationFile(tx, { organizationId: c.organization_id, applicationId: c.id, stepId, file });
    }
    await submitFormAnswers(tx, db, c, at, { data, files: files.length, actor: who.actor });
    await alongside?.(tx);
  });
  runtime.wake();
}
