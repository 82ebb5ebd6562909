-- Whole UTC weeks (Monday to Monday, as date_trunc('week', …)) of the rollups beside the days of 0007: a 30-day period
-- reads about 4 weekly rows per key plus the days and hours at its edges, not 30 daily rows, and a series by week reads
-- one row per key and week. Each histogram costs up to 110 integers a row, so fewer rows is what keeps the figures of a
-- busy organization as quick as those of a quiet one.
create table application_stats_weekly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  week timestamptz not null,
  started integer not null default 0,
  completed integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  failed integer not null default 0,
  cancelled integer not null default 0,
  retried integer not null default 0,
  decision_ms_sum bigint not null default 0,
  decision_hist integer[] not null default '{}',
  primary key (organization_id, week, workflow_id)
);
create index application_stats_weekly_workflow_idx on application_stats_weekly (organization_id, workflow_id, week);
create index application_stats_weekly_week_idx on application_stats_weekly (week);

create table step_stats_weekly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  week timestamptz not null,
  step_type text not null,
  entered integer not null default 0,
  completed integer not null default 0,
  failed integer not null default 0,
  cancelled integer not null default 0,
  duration_ms_sum bigint not null default 0,
  duration_hist integer[] not null default '{}',
  primary key (organization_id, week, workflow_id, step_id)
);
create index step_stats_weekly_workflow_idx on step_stats_weekly (organization_id, workflow_id, week);
create index step_stats_weekly_week_idx on step_stats_weekly (week);

create table review_stats_weekly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  assignee_role text not null,
  week timestamptz not null,
  decided integer not null default 0,
  approved integer not null default 0,
  rejected integer not null default 0,
  breached integer not null default 0,
  wait_ms_sum bigint not null default 0,
  wait_hist integer[] not null default '{}',
  primary key (organization_id, week, workflow_id, step_id, assignee_role)
);
create index review_stats_weekly_week_idx on review_stats_weekly (week);

create table tool_stats_weekly (
  organization_id uuid not null references organizations(id) on delete cascade,
  tool_id uuid not null,
  week timestamptz not null,
  caller_type text not null,
  caller_key text not null,
  calls integer not null default 0,
  successes integer not null default 0,
  errors integer not null default 0,
  latency_ms_sum bigint not null default 0,
  latency_hist integer[] not null default '{}',
  primary key (organization_id, week, tool_id, caller_type, caller_key)
);
create index tool_stats_weekly_tool_idx on tool_stats_weekly (tool_id, week);
create index tool_stats_weekly_week_idx on tool_stats_weekly (week);

-- Failure reasons and tool errors by day and week too (they had hours only): a 30-day list of reasons read 720 hourly
-- rows per step and reason, more the busier the organization.
create table failure_stats_daily (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  step_type text not null,
  day timestamptz not null,
  reason text not null,
  failed integer not null default 0,
  primary key (organization_id, day, workflow_id, step_id, reason)
);
create index failure_stats_daily_day_idx on failure_stats_daily (day);
create table failure_stats_weekly (
  organization_id uuid not null references organizations(id) on delete cascade,
  workflow_id uuid not null,
  step_id uuid not null,
  step_type text not null,
  week timestamptz not null,
  reason text not null,
  failed integer not null default 0,
  primary key (organization_id, week, workflow_id, step_id, reason)
);
create index failure_stats_weekly_week_idx on failure_stats_weekly (week);

create table tool_error_stats_daily (
  organization_id uuid not null references organizations(id) on delete cascade,
  tool_id uuid not null,
  day timestamptz not null,
  error text not null,
  count integer not null default 0,
  primary key (organization_id, day, tool_id, error)
);
create index tool_error_stats_daily_tool_idx on tool_error_stats_daily (tool_id, day);
create table tool_error_stats_weekly (
  organization_id uuid not null references organizations(id) on delete cascade,
  tool_id uuid not null,
  week timestamptz not null,
  error text not null,
  count integer not null default 0,
  primary key (organization_id, week, tool_id, error)
);
create index tool_error_stats_weekly_tool_idx on tool_error_stats_weekly (tool_id, week);

insert into failure_stats_daily
select organization_id, workflow_id, step_id, min(step_type), date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00'), reason, sum(failed)::int
  from failure_stats_hourly group by organization_id, workflow_id, step_id, date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00'), reason;

insert into failure_stats_weekly
select organization_id, workflow_id, step_id, min(step_type), date_bin('7 days', hour, timestamptz '2000-01-03 00:00:00+00'), reason, sum(failed)::int
  from failure_stats_hourly group by organization_id, workflow_id, step_id, date_bin('7 days', hour, timestamptz '2000-01-03 00:00:00+00'), reason;

insert into tool_error_stats_daily
select organization_id, tool_id, date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00'), error, sum(count)::int
  from tool_error_stats_hourly group by organization_id, tool_id, date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00'), error;

insert into tool_error_stats_weekly
select organization_id, tool_id, date_bin('7 days', hour, timestamptz '2000-01-03 00:00:00+00'), error, sum(count)::int
  from tool_error_stats_hourly group by organization_id, tool_id, date_bin('7 days', hour, timestamptz '2000-01-03 00:00:00+00'), error;

-- The reviews whose deadlines come first across every organization (a super administrator's dashboard and review
-- queue): read in deadline order from this index instead of sorting every open review.
create index review_tasks_open_due_idx on review_tasks (due_at, id) where status = 'open';

-- The weeks so far, added up from the days already kept (no refold: the history the days hold stays). Histograms are
-- added element by element: every day's array is dense from bucket 1 to its last, so the summed indexes are too.

insert into application_stats_weekly
select k.organization_id, k.workflow_id, k.week, k.started, k.completed, k.approved, k.rejected, k.failed, k.cancelled, k.retried, k.decision_ms_sum,
       coalesce((select array_agg(n order by i) from (
         select u.i, sum(u.v)::int as n from application_stats_daily d, unnest(d.decision_hist) with ordinality as u(v, i)
          where d.organization_id = k.organization_id and d.workflow_id = k.workflow_id and d.day >= k.week and d.day < k.week + interval '7 days'
          group by u.i) h), '{}')
  from (select organization_id, workflow_id, date_bin('7 days', day, timestamptz '2000-01-03 00:00:00+00') as week,
               sum(started)::int as started, sum(completed)::int as completed, sum(approved)::int as approved, sum(rejected)::int as rejected,
               sum(failed)::int as failed, sum(cancelled)::int as cancelled, sum(retried)::int as retried, sum(decision_ms_sum)::bigint as decision_ms_sum
          from application_stats_daily group by 1, 2, 3) k;

insert into step_stats_weekly
select k.organization_id, k.workflow_id, k.step_id, k.week, k.step_type, k.entered, k.completed, k.failed, k.cancelled, k.duration_ms_sum,
       coalesce((select array_agg(n order by i) from (
         select u.i, sum(u.v)::int as n from step_stats_daily d, unnest(d.duration_hist) with ordinality as u(v, i)
          where d.organization_id = k.organization_id and d.workflow_id = k.workflow_id and d.step_id = k.step_id
            and d.day >= k.week and d.day < k.week + interval '7 days'
          group by u.i) h), '{}')
  from (select organization_id, workflow_id, step_id, date_bin('7 days', day, timestamptz '2000-01-03 00:00:00+00') as week, min(step_type) as step_type,
               sum(entered)::int as entered, sum(completed)::int as completed, sum(failed)::int as failed, sum(cancelled)::int as cancelled,
               sum(duration_ms_sum)::bigint as duration_ms_sum
          from step_stats_daily group by 1, 2, 3, 4) k;

insert into review_stats_weekly
select k.organization_id, k.workflow_id, k.step_id, k.assignee_role, k.week, k.decided, k.approved, k.rejected, k.breached, k.wait_ms_sum,
       coalesce((select array_agg(n order by i) from (
         select u.i, sum(u.v)::int as n from review_stats_daily d, unnest(d.wait_hist) with ordinality as u(v, i)
          where d.organization_id = k.organization_id and d.workflow_id = k.workflow_id and d.step_id = k.step_id and d.assignee_role = k.assignee_role
            and d.day >= k.week and d.day < k.week + interval '7 days'
          group by u.i) h), '{}')
  from (select organization_id, workflow_id, step_id, assignee_role, date_bin('7 days', day, timestamptz '2000-01-03 00:00:00+00') as week,
               sum(decided)::int as decided, sum(approved)::int as approved, sum(rejected)::int as rejected, sum(breached)::int as breached,
               sum(wait_ms_sum)::bigint as wait_ms_sum
          from review_stats_daily group by 1, 2, 3, 4, 5) k;

insert into tool_stats_weekly
select k.organization_id, k.tool_id, k.week, k.caller_type, k.caller_key, k.calls, k.successes, k.errors, k.latency_ms_sum,
       coalesce((select array_agg(n order by i) from (
         select u.i, sum(u.v)::int as n from tool_stats_daily d, unnest(d.latency_hist) with ordinality as u(v, i)
          where d.organization_id = k.organization_id and d.tool_id = k.tool_id and d.caller_type = k.caller_type and d.caller_key = k.caller_key
            and d.day >= k.week and d.day < k.week + interval '7 days'
          group by u.i) h), '{}')
  from (select organization_id, tool_id, date_bin('7 days', day, timestamptz '2000-01-03 00:00:00+00') as week, caller_type, caller_key,
               sum(calls)::int as calls, sum(successes)::int as successes, sum(errors)::int as errors, sum(latency_ms_sum)::bigint as latency_ms_sum
          from tool_stats_daily group by 1, 2, 3, 4, 5) k;
