/**
 * What the applicant's page shows of their case (ADR 0056): the form it waits for with the draft they typed, what
 * happens next while it runs, or how it ended. Nothing of staff: no ids but the form step's, no step names but the
 * form's title, no reviewer, comment, note or tool output.
 */
import type { ApplicantBranding, ApplicantCase } from '@admin-portal/contract/applicant/api';
import { APPLICANT_LIMITS } from '@admin-portal/contract/applicant/api';
import type { FastifyInstance } from 'fastify';
import { type FormConfig, loadPinnedGraph } from '../../engine/commands.ts';
import type { ApplicationRow } from '../applications/applications.queries.ts';
import { applicantSettingsOf, resolveCaseLink } from '../applicant-links/applicant-links.ts';
import { findOrganizationSettings, findWorkflowByStartLink } from '../applicant-links/applicant-links.queries.ts';
import { logoUrlOf } from '../system/branding.ts';
import { caseFacts } from './applicant.queries.ts';

type Answers = NonNullable<ApplicantCase['form']>['answers'];

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The organization's product name, logo, colour and language, as its applicant pages show them (`settings`: its settings, when read already). */
export async function applicantBranding(app: FastifyInstance, organizationId: string, settings?: Record<string, unknown>): Promise<ApplicantBranding> {
  const env = app.config.environment;
  const product = await app.settings.get();
  const [productName, logo, color, orgSettings] = await Promise.all([
    app.effectiveConfig.text('branding.product_name', organizationId, env, product.product_name),
    app.effectiveConfig.entry('branding.logo', organizationId, env),
    app.effectiveConfig.text('branding.color', organizationId, env, ''),
    settings ?? findOrganizationSettings(app.db, organizationId),
  ]);
  const applicant = applicantSettingsOf(orgSettings);
  return {
    product_name: productName,
    logo_url: logoUrlOf(logo?.row),
    color: COLOR.test(color) ? color.toLowerCase() : null,
    language: applicant.language,
    embed_origins: applicant.embedOrigins,
  };
}

function stateOf(row: ApplicationRow, waitsForForm: boolean): ApplicantCase['state'] {
  if (waitsForForm) return 'form';
  if (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled') return 'done';
  if (row.status === 'waiting' && row.waiting_for === 'approval') return 'review';
  if (row.status === 'waiting' && row.waiting_for === 'delay') return 'waiting';
  return 'processing';
}

function outcomeOf(row: ApplicationRow): ApplicantCase['outcome'] {
  if (row.status === 'failed') return 'failed';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status !== 'completed') return null;
  return row.outcome === 'approved' || row.outcome === 'rejected' || row.outcome === 'cancelled' ? row.outcome : 'completed';
}

export async function presentApplicantCase(app: FastifyInstance, row: ApplicationRow): Promise<ApplicantCase> {
  const [graph, facts, product] = await Promise.all([
    loadPinnedGraph(app.db, row.workflow_id, row.workflow_version),
    caseFacts(app.db, row),
    app.settings.get(),
  ]);
  const step = row.current_step_id ? graph?.steps.get(row.current_step_id) : undefined;
  const waits = row.status === 'waiting' && row.waiting_for === 'form' && step?.type === 'form' && row.current_step_run_id !== null;
  const branding = await applicantBranding(app, row.organization_id, facts.settings);
  let form: ApplicantCase['form'] = null;
  if (waits && step) {
    const config = step.config as unknown as FormConfig;
    const keys = new Set(config.fields.filter((f) => f.type !== 'file').map((f) => f.key));
    form = {
      step_id: step.id,
      title: config.title,
      instructions: config.instructions,
      number: facts.completed_forms + 1,
      fields: config.fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.options })),
      answers: Object.fromEntries(Object.entries(facts.draft ?? {}).filter(([k]) => keys.has(k))) as Answers,
    };
  }
  return {
    workflow_name: row.workflow_name,
    branding,
    state: stateOf(row, waits),
    form,
    outcome: outcomeOf(row),
    limits: { file_bytes: product.upload_limit_bytes, case_bytes_left: Math.max(0, APPLICANT_LIMITS.caseFileBytes - facts.file_bytes) },
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Which sites may frame the applicant's page at `path` (web.ts): the embed origins of the organization its link
 * belongs to, or none for an address that is no working link.
 */
export async function applyPageFraming(app: FastifyInstance, path: string): Promise<readonly string[]> {
  const caseToken = /^\/apply\/c\/([A-Za-z0-9_-]{43})\/?$/.exec(path)?.[1];
  const startLink = /^\/apply\/([A-Za-z0-9_-]{8,64})\/?$/.exec(path)?.[1];
  let organizationId: string | undefined;
  if (caseToken) organizationId = (await resolveCaseLink(app.db, caseToken))?.organization_id;
  else if (startLink && startLink !== 'c') organizationId = (await findWorkflowByStartLink(app.db, startLink))?.organization_id;
  if (!organizationId) return [];
  return applicantSettingsOf(await findOrganizationSettings(app.db, organizationId)).embedOrigins;
}
