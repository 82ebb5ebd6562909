-- Live demo traffic shared by every process on one PostgreSQL (issue 18): one row per organization says whether it
-- is on, at what rate, since when and what it has done; the process holding the lease (`owner`, `lease_until`,
-- renewed every couple of seconds) runs the generator. A process finding a row on whose lease expired (its owner
-- died) takes it over. The intake key the generator presents is kept encrypted with the portal's secret key so a
-- process taking over can present it too.
create table demo_traffic_runs (
  organization_id uuid primary key references organizations(id) on delete cascade,
  enabled boolean not null default false,
  per_minute integer not null default 0,
  api_key_id uuid references api_keys(id) on delete set null,
  api_key_secret text,
  since timestamptz,
  started integer not null default 0,
  forms_answered integer not null default 0,
  owner text,
  lease_until timestamptz
);
create index demo_traffic_runs_enabled_idx on demo_traffic_runs (lease_until) where enabled;
