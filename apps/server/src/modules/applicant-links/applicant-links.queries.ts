/** The statements of case links (`applicant_links`), drafts (`applicant_drafts`) and workflows' start links. */
import type { Queryable } from '../../db/client.ts';

export type LinkCreator = 'user' | 'api_key' | 'applicant' | 'system';

export interface LinkRow {
  id: string;
  organization_id: string;
  application_id: string;
  created_by_type: LinkCreator;
  expires_at: Date;
  revoked_at: Date | null;
  sent_to: string | null;
  sent_at: Date | null;
  first_opened_at: Date | null;
  last_seen_at: Date | null;
  visits: number;
  created_at: Date;
}

const LINK_COLUMNS = `id, organization_id, application_id, created_by_type, expires_at, revoked_at, sent_to, sent_at, first_opened_at, last_seen_at, visits, created_at`;

export async function insertLink(
  tx: Queryable,
  link: { organizationId: string; applicationId: string; tokenHash: string; createdBy: { type: LinkCreator; id: string | null }; days: number },
): Promise<LinkRow> {
  const res = await tx.query<LinkRow>(
    `insert into applicant_links (organization_id, application_id, token_hash, created_by_type, created_by_id, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(days => $6::int))
     returning ${LINK_COLUMNS}`,
    [link.organizationId, link.applicationId, link.tokenHash, link.createdBy.type, link.createdBy.id, link.days],
  );
  return res.rows[0]!;
}

/** Revokes the case's working links beyond the newest `keep` (a case has at most so many at once). */
export async function revokeOldestLinks(tx: Queryable, applicationId: string, keep: number): Promise<void> {
  await tx.query(
    `update applicant_links set revoked_at = now()
      where id in (select id from applicant_links
                    where application_id = $1 and revoked_at is null and expires_at > now()
                    order by created_at desc, id desc offset $2)`,
    [applicationId, keep],
  );
}

/** Revokes every working link of the case; answers how many. */
export async function revokeLinks(tx: Queryable, applicationId: string): Promise<number> {
  const res = await tx.query(`update applicant_links set revoked_at = now() where application_id = $1 and revoked_at is null and expires_at > now()`, [
    applicationId,
  ]);
  return res.rowCount ?? 0;
}

/** The working link with this token hash (not expired, not revoked), or none. */
export async function findWorkingLink(db: Queryable, tokenHash: string): Promise<LinkRow | undefined> {
  const res = await db.query<LinkRow>(`select ${LINK_COLUMNS} from applicant_links where token_hash = $1 and revoked_at is null and expires_at > now()`, [
    tokenHash,
  ]);
  return res.rows[0];
}

/**
 * Counts a visit on the link: the first open, the last time seen, and a visit when the last one was more than 30
 * minutes ago (the page polls while it waits; that is one visit). Answers whether this began a new visit.
 */
export async function touchLink(db: Queryable, linkId: string): Promise<boolean> {
  const res = await db.query<{ new_visit: boolean }>(
    `update applicant_links l
        set first_opened_at = coalesce(l.first_opened_at, now()),
            visits = l.visits + case when l.last_seen_at is null or l.last_seen_at < now() - interval '30 minutes' then 1 else 0 end,
            last_seen_at = now()
       from (select last_seen_at from applicant_links where id = $1) before
      where l.id = $1
  returning (before.last_seen_at is null or before.last_seen_at < now() - interval '30 minutes') as new_visit`,
    [linkId],
  );
  return res.rows[0]?.new_visit === true;
}

export async function markLinkSent(tx: Queryable, linkId: string, to: string): Promise<void> {
  await tx.query(`update applicant_links set sent_to = $2, sent_at = now() where id = $1`, [linkId, to]);
}

/** The case's links, newest first. */
export async function listLinks(db: Queryable, applicationId: string): Promise<LinkRow[]> {
  const res = await db.query<LinkRow>(`select ${LINK_COLUMNS} from applicant_links where application_id = $1 order by created_at desc, id desc limit 50`, [
    applicationId,
  ]);
  return res.rows;
}

// ---------------------------------------------------------------------------------------------
// Drafts

export async function saveDraft(db: Queryable, draft: { organizationId: string; applicationId: string; stepRunId: string; answers: Record<string, unknown> }) {
  await db.query(
    `insert into applicant_drafts (application_id, step_run_id, organization_id, answers) values ($1, $2, $3, $4)
     on conflict (application_id, step_run_id) do update set answers = excluded.answers, updated_at = now()`,
    [draft.applicationId, draft.stepRunId, draft.organizationId, JSON.stringify(draft.answers)],
  );
}

export async function deleteDrafts(tx: Queryable, applicationId: string): Promise<void> {
  await tx.query(`delete from applicant_drafts where application_id = $1`, [applicationId]);
}

// ---------------------------------------------------------------------------------------------
// A case's forms and files, as the applicant's page needs them

export async function caseFileBytes(db: Queryable, applicationId: string): Promise<number> {
  const res = await db.query<{ n: string }>(`select coalesce(sum(size_bytes), 0)::bigint as n from application_files where application_id = $1`, [
    applicationId,
  ]);
  return Number(res.rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Workflows' start links

export interface StartLinkWorkflow {
  id: string;
  organization_id: string;
  name: string;
  status: string;
  apply_link: string | null;
  organization_active: boolean;
  settings: Record<string, unknown>;
}

export async function findWorkflowByStartLink(db: Queryable, link: string): Promise<StartLinkWorkflow | undefined> {
  const res = await db.query<StartLinkWorkflow>(
    `select w.id, w.organization_id, w.name, w.status, w.apply_link, o.is_active as organization_active, o.settings
       from workflows w join organizations o on o.id = w.organization_id
      where w.apply_link = $1`,
    [link],
  );
  return res.rows[0];
}

export async function findWorkflowStartLink(db: Queryable, workflowId: string): Promise<{ organization_id: string; apply_link: string | null } | undefined> {
  const res = await db.query<{ organization_id: string; apply_link: string | null }>(`select organization_id, apply_link from workflows where id = $1`, [
    workflowId,
  ]);
  return res.rows[0];
}

export async function setWorkflowStartLink(tx: Queryable, workflowId: string, link: string | null): Promise<void> {
  await tx.query(`update workflows set apply_link = $2 where id = $1`, [workflowId, link]);
}

/** The organization's settings document (its applicant settings are read with the contract's defaults). */
export async function findOrganizationSettings(db: Queryable, organizationId: string): Promise<Record<string, unknown>> {
  const res = await db.query<{ settings: Record<string, unknown> }>(`select settings from organizations where id = $1`, [organizationId]);
  return res.rows[0]?.settings ?? {};
}

// ---------------------------------------------------------------------------------------------
// E-mailing a link

export interface LinkMailCase {
  id: string;
  organization_id: string;
  workflow_id: string;
  workflow_name: string;
  applicant_name: string;
  applicant_email: string;
  status: string;
  settings: Record<string, unknown>;
}

/** The case a link e-mail is about, with what the mail says (its applicant, workflow, organization's settings). */
export async function findLinkMailCase(db: Queryable, applicationId: string): Promise<LinkMailCase | undefined> {
  const res = await db.query<LinkMailCase>(
    `select a.id, a.organization_id, a.workflow_id, w.name as workflow_name, a.applicant_name, a.applicant_email, a.status, o.settings
       from applications a join workflows w on w.id = a.workflow_id join organizations o on o.id = a.organization_id
      where a.id = $1`,
    [applicationId],
  );
  return res.rows[0];
}
