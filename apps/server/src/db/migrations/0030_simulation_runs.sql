-- Simulation runs (issue 36, ADR 0059): a saved version of a workflow replayed on the recorded cases of a period. A run
-- is queued as a job; its per-case results are kept with it (and go with the case when the case is erased or deleted).
create table simulation_runs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null references workflows(id) on delete cascade,
  version integer not null,
  cases_from timestamptz not null,
  cases_to timestamptz not null,
  ran_on_version integer,
  new_reviews text not null check (new_reviews in ('wait', 'approve', 'reject', 'as_recorded_by_role')),
  max_cases integer not null check (max_cases between 1 and 100000),
  sandbox_tools text[] not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed')),
  cases_done integer not null default 0,
  summary jsonb,
  error text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index simulation_runs_workflow_idx on simulation_runs (workflow_id, version, created_at desc);

create table simulation_cases (
  run_id uuid not null references simulation_runs(id) on delete cascade,
  application_id uuid not null references applications(id) on delete cascade,
  created_at timestamptz not null,
  before_end text not null,
  after_end text not null,
  changed boolean not null,
  reason text,
  before_path jsonb not null,
  after_path jsonb not null,
  primary key (run_id, application_id)
);
create index simulation_cases_run_idx on simulation_cases (run_id, changed, created_at, application_id);
create index simulation_cases_application_idx on simulation_cases (application_id);
