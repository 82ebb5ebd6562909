-- Overdue cases (the applications list's filter and the monitor's counter, issue 18). A case is overdue while one of
-- its open review tasks is past due. The list asked the open tasks' index about each case of its order (about 2,000
-- probes for a page at 1.2 % overdue, 7.9 → 18.3 ms p95 from ten thousand to a million cases in one organization).
-- Now each case keeps the earliest due time of its open review tasks (`review_due_at`, null without one), kept by
-- triggers on review_tasks, and the cases that have one (about one in eight, those waiting for a decision) are indexed
-- in each order of the list with the due time as a key column, so a page walks them and tests the due time in the
-- index: about ten entries per overdue case, the same at any size.
alter table applications add column review_due_at timestamptz;

update applications a set review_due_at = t.due_at
  from (select application_id, min(due_at) as due_at from review_tasks where status = 'open' group by 1) t
 where a.id = t.application_id;

-- (Semicolons inside the function bodies start their lines: migrate.ts split statements at a semicolon ending a line when this was written.)
-- Added open tasks can only bring a due time earlier; per statement (a bulk insert updates each case once).
create function review_due_added() returns trigger language plpgsql as $$
begin
  update applications a set review_due_at = t.due_at
    from (select application_id, min(due_at) as due_at from added where status = 'open' group by 1) t
   where a.id = t.application_id and (a.review_due_at is null or a.review_due_at > t.due_at)
  ; return null
; end $$;

-- Removed open tasks, or a task that changed: the cases' earliest open due time is read again (written where it changed).
create function review_due_refresh(ids uuid[]) returns void language sql as $$
  update applications a set review_due_at = t.due_at
    from (select c.id, (select min(o.due_at) from review_tasks o where o.application_id = c.id and o.status = 'open') as due_at
            from (select distinct unnest(ids) as id) c) t
   where a.id = t.id and a.review_due_at is distinct from t.due_at
$$;

create function review_due_removed() returns trigger language plpgsql as $$
begin
  perform review_due_refresh(array(select application_id from removed where status = 'open'))
  ; return null
; end $$;

create function review_due_changed() returns trigger language plpgsql as $$
begin
  perform review_due_refresh(array[old.application_id, new.application_id])
  ; return null
; end $$;

create function review_due_reset() returns trigger language plpgsql as $$
begin
  update applications set review_due_at = null where review_due_at is not null
  ; return null
; end $$;

create trigger review_tasks_due_added after insert on review_tasks
  referencing new table as added for each statement execute function review_due_added();
create trigger review_tasks_due_removed after delete on review_tasks
  referencing old table as removed for each statement execute function review_due_removed();
create trigger review_tasks_due_changed after update of application_id, status, due_at on review_tasks
  for each row
  when (old.application_id is distinct from new.application_id or old.status is distinct from new.status or old.due_at is distinct from new.due_at)
  execute function review_due_changed();
create trigger review_tasks_due_truncated after truncate on review_tasks
  for each statement execute function review_due_reset();

-- The list's overdue pages, in each of its orders (backwards for the ascending ones), over all organizations and
-- within one; the due time is a key column so the walk tests it without reading the case.
create index applications_due_created_idx on applications (created_at desc, id desc, review_due_at) where review_due_at is not null;
create index applications_org_due_created_idx on applications (organization_id, created_at desc, id desc, review_due_at) where review_due_at is not null;
create index applications_due_updated_idx on applications (updated_at desc, id desc, review_due_at) where review_due_at is not null;
create index applications_org_due_updated_idx on applications (organization_id, updated_at desc, id desc, review_due_at) where review_due_at is not null;
-- Counting them (the list's total up to 1,000, the monitor's counter): the cases past due, by due time.
create index applications_review_due_idx on applications (review_due_at) include (organization_id, workflow_id) where review_due_at is not null;
create index applications_org_review_due_idx on applications (organization_id, review_due_at) include (workflow_id) where review_due_at is not null;

-- Workflow + current step (the monitor's two filters together): the count up to 1,000 intersected the workflow's and
-- the step's index entries (25,000 and 9,000 at a million cases, 4.3 ms). The step's index now carries the workflow
-- and the organization, so the count reads the step's first 1,001 entries and nothing else (0.4 ms).
drop index applications_step_created_idx;
create index applications_step_created_idx on applications (current_step_id, created_at desc, id desc) include (workflow_id, organization_id)
  where current_step_id is not null;

analyze applications;
