-- Whole UTC days of the hourly rollups (0005, 0006): a period reads its full days from these and only its partial days (and the
-- hours a time zone's midnight cuts off) from the hourly rows, so a 90-day figure reads about 90 rows per key,
-- not 2,160.
create table application_stats_daily (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  day timestamptz not null,
  started integer not null default 0,
  completed integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  failed integer not null default 0,
  cancelled integer not null default 0,
  retried integer not null default 0,
  decision_ms_sum bigint not null default 0,
  decision_hist integer[] not null default '{}',
  primary key (organization_id, day, workflow_id)
);
create index application_stats_daily_workflow_idx on application_stats_daily (organization_id, workflow_id, day);
create index application_stats_daily_day_idx on application_stats_daily (day);

create table step_stats_daily (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  day timestamptz not null,
  step_type text not null,
  entered integer not null default 0,
  completed integer not null default 0,
  failed integer not null default 0,
  cancelled integer not null default 0,
  duration_ms_sum bigint not null default 0,
  duration_hist integer[] not null default '{}',
  primary key (organization_id, day, workflow_id, step_id)
);
create index step_stats_daily_workflow_idx on step_stats_daily (organization_id, workflow_id, day);
create index step_stats_daily_day_idx on step_stats_daily (day);

create table review_stats_daily (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  assignee_role text not null,
  day timestamptz not null,
  decided integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  breached integer not null default 0,
  wait_ms_sum bigint not null default 0,
  wait_hist integer[] not null default '{}',
  primary key (organization_id, day, workflow_id, step_id, assignee_role)
);
create index review_stats_daily_day_idx on review_stats_daily (day);

create table tool_stats_daily (
  organization_id uuid not null references organizations(id) on delete cascade,
  tool_id uuid not null,
  day timestamptz not null,
  caller_type text not null,
  caller_key text not null,
  calls integer not null default 0,
  successes integer not null default 0,
  errors integer not null default 0,
  latency_ms_sum bigint not null default 0,
  latency_hist integer[] not null default '{}',
  primary key (organization_id, day, tool_id, caller_type, caller_key)
);
create index tool_stats_daily_tool_idx on tool_stats_daily (tool_id, day);
create index tool_stats_daily_day_idx on tool_stats_daily (day);

-- Open cases and open reviews, read whole from the index (the dashboard's "open now", the review queue, the longest
-- waits): the counts grow with the open cases, not with the history.
drop index applications_open_org_idx;
create index applications_open_idx on applications (organization_id, workflow_id, current_step_id, status, waiting_for)
  include (updated_at) where completed_at is null;
create index review_tasks_open_steps_idx on review_tasks (organization_id, workflow_id, step_id, assignee_role)
  include (due_at, created_at) where status = 'open';

-- What is open now, counted once after each fold by the rollup scheduler (open_case_snapshot says when), so a
-- dashboard costs a few rows per workflow and step however many cases wait; read live while it is missing or old.
create table open_case_counts (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  current_step_id uuid,
  status text not null,
  waiting_for text,
  n integer not null,
  updated_epoch_sum double precision not null,
  oldest_updated_at timestamptz not null
);
create index open_case_counts_org_idx on open_case_counts (organization_id, workflow_id);
create table open_case_snapshot (
  id boolean primary key default true check (id),
  taken_at timestamptz
);
insert into open_case_snapshot (taken_at) values (null);

-- Every rollup is folded again from the events and tool calls still kept (the refresher starts over at the next
-- start), so the days hold the whole history and nothing is counted twice.
truncate application_stats_hourly, step_stats_hourly, review_stats_hourly, failure_stats_hourly, tool_stats_hourly, tool_error_stats_hourly;
update analytics_progress set tx = '0'::xid8, seq = 0;
