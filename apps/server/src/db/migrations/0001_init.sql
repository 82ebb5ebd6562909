-- Admin Portal schema (DESIGN §3). Every tenant-owned row carries organization_id.

create table organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null unique,
  description text not null default '',
  is_active boolean not null default true,
  settings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index organizations_name_key on organizations (lower(name));

create table users (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete restrict,
  email text not null,
  first_name text not null,
  last_name text not null,
  role text not null check (role in ('super_admin','admin','manager','operator','viewer','compliance_officer','analyst')),
  permissions text[] not null default '{}',
  password_hash text not null,
  is_active boolean not null default true,
  failed_logins integer not null default 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  preferences jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_org_created_idx on users (organization_id, created_at desc, id desc);
create index users_created_idx on users (created_at desc, id desc);
create index users_role_idx on users (organization_id, role);

-- A session is one refresh-token family: rotation keeps the session, reuse of a rotated token revokes it.
create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;

create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth_sessions(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table audit_logs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references organizations(id) on delete set null,
  actor_id uuid references users(id) on delete set null,
  actor_email text,
  action text not null,
  target_type text not null,
  target_id text,
  changes jsonb not null default '{}'::jsonb,
  ip text,
  request_id text,
  created_at timestamptz not null default now()
);
create index audit_logs_org_created_idx on audit_logs (organization_id, created_at desc, id desc);
create index audit_logs_target_idx on audit_logs (target_type, target_id);

create table system_settings (
  key text primary key,
  value jsonb not null,
  updated_by uuid references users(id) on delete set null,
  updated_at timestamptz not null default now()
);

create table system_configs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references organizations(id) on delete cascade,
  key text not null,
  description text not null default '',
  environment text not null default 'production',
  value jsonb,
  binary_data bytea,
  content_type text,
  file_name text,
  size_bytes integer,
  is_enabled boolean not null default true,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index system_configs_key_idx on system_configs (coalesce(organization_id, '00000000-0000-0000-0000-000000000000'::uuid), key, environment);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  scopes text[] not null default '{}',
  created_by uuid references users(id) on delete set null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_org_idx on api_keys (organization_id);

create table workflows (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  name text not null,
  description text not null default '',
  category text not null default 'general',
  status text not null default 'draft' check (status in ('draft','active','archived')),
  version integer not null default 1,
  settings jsonb not null default '{}'::jsonb,
  created_by uuid references users(id) on delete set null,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workflows_org_updated_idx on workflows (organization_id, updated_at desc, id desc);

create table workflow_versions (
  id uuid primary key default gen_random_uuid(),
  workflow_id uuid not null references workflows(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  version integer not null,
  graph jsonb not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  unique (workflow_id, version)
);

create table steps (
  id uuid primary key default gen_random_uuid(),
  workflow_id uuid not null references workflows(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  type text not null,
  name text not null,
  config jsonb not null default '{}'::jsonb,
  position jsonb not null default '{"x":0,"y":0}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index steps_workflow_idx on steps (workflow_id);

create table step_connections (
  id uuid primary key default gen_random_uuid(),
  workflow_id uuid not null references workflows(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  source_step_id uuid not null references steps(id) on delete cascade,
  target_step_id uuid not null references steps(id) on delete cascade,
  condition text,
  label text,
  created_at timestamptz not null default now(),
  check (source_step_id <> target_step_id)
);
create index step_connections_workflow_idx on step_connections (workflow_id);

create table workflow_templates (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references organizations(id) on delete cascade,
  name text not null,
  description text not null default '',
  category text not null default 'general',
  graph jsonb not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workflow_templates_org_idx on workflow_templates (organization_id);

create table tools (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  name text not null,
  description text not null default '',
  tool_type text not null,
  input_schema jsonb not null default '{"type":"object"}'::jsonb,
  output_schema jsonb,
  config jsonb not null default '{}'::jsonb,
  status text not null default 'draft' check (status in ('draft','pending_approval','approved','rejected','disabled')),
  is_enabled boolean not null default true,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index tools_org_name_key on tools (organization_id, name);

create table tool_status_history (
  id uuid primary key default gen_random_uuid(),
  tool_id uuid not null references tools(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  from_status text,
  to_status text not null,
  comment text not null default '',
  actor_id uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index tool_status_history_tool_idx on tool_status_history (tool_id, created_at);

create table tool_configurations (
  id uuid primary key default gen_random_uuid(),
  tool_id uuid not null references tools(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  environment text not null check (environment in ('development','staging','production')),
  config jsonb not null default '{}'::jsonb,
  secrets_encrypted text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tool_id, environment)
);

create table tool_executions (
  id uuid primary key default gen_random_uuid(),
  tool_id uuid references tools(id) on delete set null,
  organization_id uuid not null references organizations(id) on delete cascade,
  caller_type text not null,
  caller_id text,
  environment text,
  status text not null,
  input jsonb,
  output jsonb,
  request jsonb,
  response jsonb,
  error text,
  latency_ms integer,
  created_at timestamptz not null default now()
);
create index tool_executions_tool_idx on tool_executions (tool_id, created_at desc, id desc);
create index tool_executions_org_idx on tool_executions (organization_id, created_at desc, id desc);

create table applications (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null references workflows(id) on delete restrict,
  workflow_version integer not null,
  external_ref text,
  applicant jsonb not null default '{}'::jsonb,
  status text not null default 'pending',
  data jsonb not null default '{}'::jsonb,
  current_step_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index applications_org_created_idx on applications (organization_id, created_at desc, id desc);
create index applications_workflow_status_idx on applications (workflow_id, status);

create table application_events (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  type text not null,
  step_id uuid,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index application_events_app_idx on application_events (application_id, created_at, id);
create index application_events_org_idx on application_events (organization_id, created_at desc, id desc);

create table jobs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references organizations(id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued','running','done','failed')),
  attempts integer not null default 0,
  run_at timestamptz not null default now(),
  locked_at timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index jobs_ready_idx on jobs (run_at) where status = 'queued';

create table ai_interactions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  message text not null,
  response text not null,
  context jsonb not null default '{}'::jsonb,
  provider text not null,
  feedback_score integer check (feedback_score in (1, 3, 5)),
  feedback_comment text,
  created_at timestamptz not null default now()
);
create index ai_interactions_org_idx on ai_interactions (organization_id, created_at desc, id desc);

create table ai_tasks (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  kind text not null,
  status text not null default 'pending',
  input jsonb not null default '{}'::jsonb,
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)
