-- Analytics rollups (issue 15): hourly counts per workflow and per step, folded in incrementally from
-- application_events by the rollup refresher, so the dashboard and analytics read a few rows per hour instead of
-- scanning applications. Erasing an application removes its events and data, not what was already counted.

-- How far the refresher has read application_events, in commit-safe (tx, seq) order.
create table analytics_progress (
  name text primary key,
  tx xid8 not null default '0'::xid8,
  seq bigint not null default 0,
  refreshed_at timestamptz not null default now()
);
insert into analytics_progress (name) values ('application_events');

create table application_stats_hourly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  hour timestamptz not null,
  started integer not null default 0,
  completed integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  failed integer not null default 0,
  cancelled integer not null default 0,
  retried integer not null default 0,
  primary key (organization_id, hour, workflow_id)
);

-- Time in step as a histogram: bucket i holds durations in [1.25^(i-1), 1.25^i) ms (bucket 0: under 1 ms), so
-- medians and percentiles come out within 12.5 % at any scale, summed across hours by adding the arrays.
create table step_stats_hourly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  hour timestamptz not null,
  step_type text not null,
  entered integer not null default 0,
  completed integer not null default 0,
  failed integer not null default 0,
  duration_ms_sum bigint not null default 0,
  duration_hist integer[] not null default '{}',
  primary key (organization_id, hour, workflow_id, step_id)
);
