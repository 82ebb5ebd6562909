-- Staff notes on a case (issue 35, ADR 0057): a thread only staff see, never the applicant. A note can be changed by
-- its author for 5 minutes; after that it stays, and only an administrator can redact it (its text goes, a trace of
-- who redacted it and when stays). Who was mentioned is kept with the note.
create table case_notes (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid not null references applications(id) on delete cascade,
  author_id uuid references users(id) on delete set null,
  author_email text not null,
  body text not null,
  mentions uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  redacted_at timestamptz,
  redacted_by_email text
);
create index case_notes_application_idx on case_notes (application_id, created_at, id);
