-- The Real-time Monitor's counters (issue 18): in progress, waiting for review and failed were counted over every
-- open case on each request (hundreds of milliseconds at a million cases). Now the database keeps how many cases are
-- in each (organization, workflow, status, wait) as it changes them: triggers on `applications` append +n / -n rows
-- to application_state_deltas (appending never waits on another writer), and a fold (RollupScheduler, about once a
-- second while cases move) moves them into application_state_counts in one statement. A reader sums both tables in
-- one snapshot, so the figure is exact whether or not the fold has run. `waiting_for` is '' where the case waits
-- for nothing (a key column cannot be null).
create table application_state_counts (
  organization_id uuid not null,
  workflow_id uuid not null,
  status text not null,
  waiting_for text not null,
  n bigint not null,
  primary key (organization_id, workflow_id, status, waiting_for)
);

create table application_state_deltas (
  id bigint generated always as identity primary key,
  organization_id uuid not null,
  workflow_id uuid not null,
  status text not null,
  waiting_for text not null,
  delta bigint not null
);

-- (Semicolons inside the function bodies start their lines: migrate.ts split statements at a semicolon ending a line when this was written.)
-- Inserts and deletes are counted per statement (a bulk insert appends one row per state, not one per case);
-- an update, per row, only where a counted column really changed (the WHEN clause costs no function call).
create function application_state_added() returns trigger language plpgsql as $$
begin
  insert into application_state_deltas (organization_id, workflow_id, status, waiting_for, delta)
  select organization_id, workflow_id, status, coalesce(waiting_for, ''), count(*) from added group by 1, 2, 3, 4
  ; return null
; end $$;

create function application_state_removed() returns trigger language plpgsql as $$
begin
  insert into application_state_deltas (organization_id, workflow_id, status, waiting_for, delta)
  select organization_id, workflow_id, status, coalesce(waiting_for, ''), -count(*) from removed group by 1, 2, 3, 4
  ; return null
; end $$;

create function application_state_changed() returns trigger language plpgsql as $$
begin
  insert into application_state_deltas (organization_id, workflow_id, status, waiting_for, delta) values
    (old.organization_id, old.workflow_id, old.status, coalesce(old.waiting_for, ''), -1),
    (new.organization_id, new.workflow_id, new.status, coalesce(new.waiting_for, ''), 1)
  ; return null
; end $$;

create function application_state_reset() returns trigger language plpgsql as $$
begin
  delete from application_state_deltas
  ; delete from application_state_counts
  ; return null
; end $$;

create trigger applications_state_added after insert on applications
  referencing new table as added for each statement execute function application_state_added();
create trigger applications_state_removed after delete on applications
  referencing old table as removed for each statement execute function application_state_removed();
create trigger applications_state_changed after update of organization_id, workflow_id, status, waiting_for on applications
  for each row
  when (old.organization_id is distinct from new.organization_id or old.workflow_id is distinct from new.workflow_id
        or old.status is distinct from new.status or old.waiting_for is distinct from new.waiting_for)
  execute function application_state_changed();
create trigger applications_state_truncated after truncate on applications
  for each statement execute function application_state_reset();

insert into application_state_counts (organization_id, workflow_id, status, waiting_for, n)
select organization_id, workflow_id, status, coalesce(waiting_for, ''), count(*) from applications group by 1, 2, 3, 4;

-- "Completed today": today's completions read from an index (covering the scope), not every case.
create index applications_completed_idx on applications (completed_at, organization_id, workflow_id) where status = 'completed';

-- Workflow + current step (the monitor's two filters together): a step belongs to one workflow, and a workflow to
-- one organization; without being told, the planner multiplied the three filters' shares (69 cases expected, 9,000
-- found at a million) and sorted every match instead of walking the step's index.
create statistics applications_scope_dependencies (dependencies) on organization_id, workflow_id, current_step_id from applications;
analyze applications;

-- Overdue (the list's filter and the monitor's counter) is counted from the open review tasks past due alone: the
-- indexes on open tasks carry the case and its workflow, so no task's or case's row is read.
drop index review_tasks_open_due_idx;
create index review_tasks_open_due_idx on review_tasks (due_at, id) include (application_id, workflow_id) where status = 'open';
drop index review_tasks_open_idx;
create index review_tasks_open_idx on review_tasks (organization_id, due_at) include (application_id, workflow_id) where status = 'open';
