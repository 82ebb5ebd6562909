-- When a workflow last became active (issue 32): the "no traffic" insight skips a workflow activated during the
-- period (it had little time to receive anything). It went by `updated_at`, so any edit (a renamed workflow, a new
-- description) hid an idle workflow for a whole period. Kept by the database, so every way a workflow becomes
-- active (created active, switched on, restored) sets it. Existing active workflows take their last switch to
-- active from the audit log, else their creation. (Semicolons inside the function body start their lines:
-- migrate.ts split statements at a semicolon ending a line when this was written.)
alter table workflows add column activated_at timestamptz;

update workflows w
   set activated_at = coalesce(
     (select max(a.created_at) from audit_logs a
       where a.target_type = 'workflow' and a.target_id = w.id::text and a.changes -> 'status' ->> 'to' = 'active'),
     w.created_at)
 where w.status = 'active';

create function workflows_activated_at() returns trigger language plpgsql as $$
begin
  if new.status = 'active' and (tg_op = 'INSERT' or old.status is distinct from 'active') then
    new.activated_at := now()
  ; end if
  ; return new
; end $$;

create trigger workflows_activated_at before insert or update of status on workflows
  for each row execute function workflows_activated_at();
