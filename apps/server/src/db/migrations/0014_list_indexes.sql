-- The applications list at a million cases (issue 18): GET /api/admin/applications reads a page in one of its four
-- orders (created_at or updated_at, either way, then id) with filters. An index for each order over all
-- organizations (a super admin) and within one (0001's (organization_id, created_at desc, id desc) serves the
-- default order there), and for the filters in the default order, so a page is read from the start of an index
-- instead of sorting every match; a trigram index for the free text `q`. Each index read backwards serves the
-- opposite direction.
create index applications_created_idx on applications (created_at desc, id desc);
create index applications_updated_idx on applications (updated_at desc, id desc);
create index applications_org_updated_idx on applications (organization_id, updated_at desc, id desc);
-- status: all organizations (one organization: 0004's applications_org_status_idx).
create index applications_status_created_idx on applications (status, created_at desc, id desc);
-- workflow: a workflow belongs to one organization, so this one serves an administrator too.
create index applications_workflow_created_idx on applications (workflow_id, created_at desc, id desc);
-- current step (step ids are unique across workflows).
create index applications_step_created_idx on applications (current_step_id, created_at desc, id desc) where current_step_id is not null;
-- Waiting for review: a minority of cases, held in partial indexes.
create index applications_review_created_idx on applications (created_at desc, id desc) where status = 'waiting' and waiting_for = 'approval';
create index applications_org_review_created_idx on applications (organization_id, created_at desc, id desc) where status = 'waiting' and waiting_for = 'approval';

-- Free text `q`: the same expression as APPLICATION_SEARCH_TEXT in applications.service.ts (they must stay
-- identical). The separator E'\x01' keeps a match from running from one field into the next.
create index applications_search_trgm_idx on applications using gin (
  (applicant_name || E'\x01' || applicant_email || E'\x01' || coalesce(external_ref, '')) public.gin_trgm_ops
);
