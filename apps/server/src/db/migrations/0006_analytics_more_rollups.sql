-- Analytics (issue 15, second part): what the dashboard and the analytics calls read besides the counts of 0005,
-- all folded in incrementally by the rollup refresher: time to decision, cancellations per step (drop-off),
-- review decisions against their SLA per assignee role, failure reasons, and tool calls (folded from
-- tool_executions in commit-safe order, like the events). Plus the indexes the live figures read.

-- Time from intake to an approved or rejected outcome, per hour of the decision (same histogram as step times).
alter table application_stats_hourly add column decision_ms_sum bigint not null default 0;
alter table application_stats_hourly add column decision_hist integer[] not null default '{}';
create index application_stats_hourly_workflow_idx on application_stats_hourly (organization_id, workflow_id, hour);
create index application_stats_hourly_hour_idx on application_stats_hourly (hour);

-- Cases cancelled by staff while at the step.
alter table step_stats_hourly add column cancelled integer not null default 0;
create index step_stats_hourly_workflow_idx on step_stats_hourly (organization_id, workflow_id, hour);
create index step_stats_hourly_hour_idx on step_stats_hourly (hour);

-- Review decisions per approval step and assignee role, per hour of the decision: how long the review took
-- (from the task's creation) and whether it was decided after its SLA deadline.
create table review_stats_hourly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  assignee_role text not null,
  hour timestamptz not null,
  decided integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  breached integer not null default 0,
  wait_ms_sum bigint not null default 0,
  wait_hist integer[] not null default '{}',
  primary key (organization_id, hour, workflow_id, step_id, assignee_role)
);
create index review_stats_hourly_hour_idx on review_stats_hourly (hour);

-- Why cases failed, per step (the nil uuid when the case failed outside a step), with the reason's numbers,
-- addresses and ids replaced by placeholders: similar failures group together and no personal data is kept.
create table failure_stats_hourly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  step_type text not null,
  hour timestamptz not null,
  reason text not null,
  failed integer not null default 0,
  primary key (organization_id, hour, workflow_id, step_id, reason)
);
create index failure_stats_hourly_hour_idx on failure_stats_hourly (hour);

-- Tool calls are folded like the events: in (tx, seq) order, only from transactions older than every running one.
alter table tool_executions add column seq bigint generated always as identity;
alter table tool_executions add column tx xid8 not null default pg_current_xact_id();
create index tool_executions_tx_idx on tool_executions (tx, seq);
insert into analytics_progress (name) values ('tool_executions');

-- Tool calls per tool, caller and hour. caller_key: the user who tested, the API key of an MCP client, the
-- workflow of a case ('' when unknown). Latency as the same histogram as step times.
create table tool_stats_hourly (
  organization_id uuid not null references organizations(id) on delete cascade,
  tool_id uuid not null,
  hour timestamptz not null,
  caller_type text not null,
  caller_key text not null,
  calls integer not null default 0,
  successes integer not null default 0,
  errors integer not null default 0,
  latency_ms_sum bigint not null default 0,
  latency_hist integer[] not null default '{}',
  primary key (organization_id, hour, tool_id, caller_type, caller_key)
);
create index tool_stats_hourly_tool_idx on tool_stats_hourly (tool_id, hour);
create index tool_stats_hourly_hour_idx on tool_stats_hourly (hour);

-- The errors of failed tool calls (normalised like failure reasons).
create table tool_error_stats_hourly (
  organization_id uuid not null references organizations(id) on delete cascade,
  tool_id uuid not null,
  hour timestamptz not null,
  error text not null,
  count integer not null default 0,
  primary key (organization_id, hour, tool_id, error)
);
create index tool_error_stats_hourly_tool_idx on tool_error_stats_hourly (tool_id, hour);

-- Live figures: open cases per workflow, step and wait (a partial index holds only the open ones, so counting them
-- costs what is open now, not the history).
create index applications_open_org_idx on applications (organization_id, workflow_id, current_step_id, status, waiting_for) where completed_at is null;

-- Recent activity: the newest events worth telling a person about, per organization and across all of them (only
-- those kinds are indexed, so step-by-step events cost no extra writes).
create index application_events_activity_idx on application_events (organization_id, created_at desc)
  where type in ('application_created', 'form_submitted', 'review_decided', 'application_completed', 'application_failed', 'application_cancelled', 'application_retried');
create index application_events_activity_all_idx on application_events (created_at desc)
  where type in ('application_created', 'form_submitted', 'review_decided', 'application_completed', 'application_failed', 'application_cancelled', 'application_retried');
