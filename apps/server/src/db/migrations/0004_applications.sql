-- Applications running through workflows (issue 13): the case, each step it runs, its events (the stream and
-- analytics read them), review tasks, files, staff notifications, and the jobs that move cases on.

-- The case. `status`: pending (queued, not yet run) | running | waiting (form, approval, delay, retry) |
-- completed | failed | cancelled. `outcome` is the end step's (approved, rejected, completed, cancelled).
alter table applications add column applicant_name text not null default '';
alter table applications add column applicant_email text not null default '';
alter table applications add column source text not null default 'api' check (source in ('api','manual','demo'));
alter table applications add column api_key_id uuid references api_keys(id) on delete set null;
alter table applications add column created_by uuid references users(id) on delete set null;
alter table applications add column idempotency_key text;
alter table applications add column request_hash text;
alter table applications add column outcome text;
alter table applications add column waiting_for text check (waiting_for in ('form','approval','delay','retry'));
alter table applications add column wait_until timestamptz;
alter table applications add column current_step_run_id uuid;
alter table applications add column step_entered_at timestamptz;
alter table applications add column error text;
-- Which configuration of each tool the case's tool steps use (the intake key's environment).
alter table applications add column environment text not null default 'production' check (environment in ('development','staging','production'));
alter table applications add column event_count integer not null default 0;
create unique index applications_idempotency_idx on applications (organization_id, idempotency_key) where idempotency_key is not null;
create index applications_org_status_idx on applications (organization_id, status, created_at desc, id desc);
create index applications_org_workflow_idx on applications (organization_id, workflow_id, created_at desc, id desc);
create index applications_org_email_idx on applications (organization_id, applicant_email);
create index applications_external_ref_idx on applications (organization_id, external_ref) where external_ref is not null;

-- Each visit of a step by a case: when it was entered and left, how it ended, its attempts and output. Time in
-- step, drop-off and funnels are read from here.
create table application_steps (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  step_type text not null,
  step_name text not null,
  status text not null check (status in ('running','waiting','completed','failed','cancelled')),
  attempts integer not null default 0,
  branch text,
  output jsonb,
  error text,
  entered_at timestamptz not null default clock_timestamp(),
  completed_at timestamptz
);
create index application_steps_app_idx on application_steps (application_id, entered_at, id);
create index application_steps_workflow_step_idx on application_steps (workflow_id, step_id, entered_at);

-- Events: `seq` orders them for the stream (`Last-Event-ID`); `tx` is the writing transaction, so a reader can
-- wait for transactions still open below its horizon and never skip an event that commits late.
alter table application_events add column seq bigint generated always as identity;
alter table application_events add column tx xid8 not null default pg_current_xact_id();
alter table application_events add column workflow_id uuid;
alter table application_events add column step_run_id uuid;
alter table application_events add column step_type text;
alter table application_events add column actor_type text not null default 'system' check (actor_type in ('system','user','api_key','applicant'));
alter table application_events add column actor_id text;
alter table application_events add column error text;
-- Several steps may run in one transaction: their events keep their own times (now() is the transaction's).
alter table application_events alter column created_at set default clock_timestamp();
create unique index application_events_seq_idx on application_events (seq);
create index application_events_stream_idx on application_events (organization_id, tx, seq);
create index application_events_tx_idx on application_events (tx, seq);

-- A staff decision an approval step waits for, with its SLA deadline.
create table review_tasks (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid not null references applications(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  step_run_id uuid not null references application_steps(id) on delete cascade,
  step_name text not null,
  assignee_role text not null,
  instructions text not null default '',
  status text not null default 'open' check (status in ('open','approved','rejected','cancelled')),
  due_at timestamptz not null,
  decided_by uuid references users(id) on delete set null,
  decided_at timestamptz,
  comment text,
  created_at timestamptz not null default now()
);
create index review_tasks_open_idx on review_tasks (organization_id, due_at) where status = 'open';
create index review_tasks_app_idx on review_tasks (application_id);

-- Files an applicant sent with a form: kept in the database, never served publicly.
create table application_files (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid not null references applications(id) on delete cascade,
  step_id uuid not null,
  field_key text not null,
  file_name text not null,
  content_type text not null,
  size_bytes integer not null,
  sha256 text not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
create index application_files_app_idx on application_files (application_id);

-- Internal notifications from notification steps, for the staff of a role (or one user).
create table staff_notifications (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid references applications(id) on delete cascade,
  recipient_role text,
  recipient_user_id uuid references users(id) on delete cascade,
  title text not null,
  body text not null,
  read_by uuid[] not null default '{}',
  created_at timestamptz not null default now()
);
create index staff_notifications_org_idx on staff_notifications (organization_id, created_at desc);

-- Emails of notification steps while no SMTP server is set up (SMTP_URL): kept here, undelivered, to read.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  application_id uuid references applications(id) on delete cascade,
  step_id uuid,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_org_idx on mail_outbox (organization_id, created_at desc);

-- Jobs: one live job per application moves it on. A claim takes a lease (`locked_until`); a crashed worker's
-- lease runs out and the job is claimed again.
alter table jobs add column application_id uuid references applications(id) on delete cascade;
alter table jobs add column locked_until timestamptz;
-- Set when the job is asked for again while a worker holds it: the worker queues it again instead of ending it.
alter table jobs add column rerun boolean not null default false;
create unique index jobs_application_idx on jobs (application_id) where application_id is not null;
drop index jobs_ready_idx;
create index jobs_due_idx on jobs (run_at) where status = 'queued';
create index jobs_lease_idx on jobs (locked_until) where status = 'running';
