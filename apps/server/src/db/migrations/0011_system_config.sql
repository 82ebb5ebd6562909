-- System Configuration (issue 17): typed values, an optional environment (null: every environment),
-- secrets encrypted at rest, files stored in chunks so several server processes share them.

create table config_files (
  id uuid primary key default gen_random_uuid(),
  file_name text not null,
  content_type text not null,
  size_bytes bigint not null default 0,
  sha256 text,
  -- false while the upload streams in; an incomplete file older than an hour is swept.
  complete boolean not null default false,
  created_at timestamptz not null default now()
);
create index config_files_incomplete_idx on config_files (created_at) where not complete;

create table config_file_chunks (
  file_id uuid not null references config_files(id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (file_id, seq)
);

alter table system_configs
  drop column binary_data,
  drop column content_type,
  drop column file_name,
  drop column size_bytes;

alter table system_configs
  add column value_type text not null default 'string' check (value_type in ('string', 'number', 'boolean', 'json', 'secret', 'file')),
  add column secret_value text,
  add column file_id uuid references config_files(id) on delete set null,
  add column updated_by uuid references users(id) on delete set null;

alter table system_configs alter column environment drop not null;
alter table system_configs alter column environment drop default;
alter table system_configs add constraint system_configs_environment_check check (environment is null or environment in ('development', 'staging', 'production'));

drop index system_configs_key_idx;
create unique index system_configs_scope_key_idx
  on system_configs (key, coalesce(organization_id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(environment, '*'));
create index system_configs_org_key_idx on system_configs (organization_id, key);
