-- Files attached to a staff note (issue 35, ADR 0057): kept as a form's files are (in the database, with their
-- SHA-256), in a table of their own so that neither the case's Files (the applicant's uploads), the applicant's
-- upload quota nor anything an applicant reads can list them. A note's files go when it is redacted.
create table case_note_files (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid not null references applications(id) on delete cascade,
  note_id uuid not null references case_notes(id) on delete cascade,
  file_name text not null,
  content_type text not null,
  size_bytes integer not null,
  sha256 text not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
create index case_note_files_note_idx on case_note_files (note_id, created_at, id);
