-- The applicant's hosted flow (issue 34, ADR 0056): a workflow's public start link, the per-case links applicants
-- come back by (only a hash of each token is kept), and the answers an applicant has typed but not yet sent.

-- Cases an applicant started on a workflow's public start link.
alter table applications drop constraint applications_source_check;
alter table applications add constraint applications_source_check check (source in ('api','manual','demo','apply'));

-- The public start link's slug (`/apply/<slug>`): null until staff turn the link on, null again when they turn it off;
-- a new slug each time it is turned on, so an old link never starts cases again.
alter table workflows add column apply_link text;
create unique index workflows_apply_link_idx on workflows (apply_link) where apply_link is not null;

-- A case's link (`/apply/c/<token>`): single-purpose (this case's applicant pages), expiring, revocable. The token is
-- 32 random bytes; only its SHA-256 is stored, so a link is shown once, when it is made.
create table applicant_links (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid not null references applications(id) on delete cascade,
  token_hash text not null,
  -- Who made it: staff (copy, resend), an intake key, the public start, or a notification step.
  created_by_type text not null check (created_by_type in ('user','api_key','applicant','system')),
  created_by_id text,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  -- The last address it was e-mailed to, and when.
  sent_to text,
  sent_at timestamptz,
  first_opened_at timestamptz,
  last_seen_at timestamptz,
  visits integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index applicant_links_token_idx on applicant_links (token_hash);
create index applicant_links_application_idx on applicant_links (application_id, created_at desc);

-- What the applicant has typed into the form a case waits for, kept as they type so they find it when they come back;
-- gone when the form is sent (or the visit ends otherwise).
create table applicant_drafts (
  application_id uuid not null references applications(id) on delete cascade,
  step_run_id uuid not null references application_steps(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  answers jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (application_id, step_run_id)
);
