-- The audit log names its target (issue 32 item 10, ADR 0042): `target_name` is what the target was called when the
-- action happened (a user's name, a workflow's name, a configuration key), written with the row, so the row still
-- says what it was about after the target is renamed or deleted. Rows written before this have none; the list names
-- them by the target as it is now, if it still exists (audit.targets.ts). Applications are never named here (their
-- applicant's name goes when the case is erased).
alter table audit_logs add column target_name text;

-- The guard of migration 0010, with the new column among those nobody may change. (Semicolons inside the function
-- body start their lines: migrate.ts split statements at a semicolon ending a line when this was written.)
create or replace function audit_logs_guard() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'TRUNCATE') then
    if coalesce(current_setting('app.audit_purge', true), '') <> 'on' then
      raise exception 'audit log rows cannot be deleted' using errcode = '42501', hint = 'Old rows are removed by the retention purge only'
    ; end if
    ; if tg_op = 'TRUNCATE' then return null; end if
    ; return old
  ; end if
  ; if pg_trigger_depth() > 1
     and (new.organization_id is null or new.organization_id = old.organization_id)
     and (new.actor_id is null or new.actor_id = old.actor_id)
     and (new.id, new.actor_email, new.action, new.target_type, new.target_id, new.target_name, new.changes, new.ip, new.request_id, new.created_at)
         is not distinct from (old.id, old.actor_email, old.action, old.target_type, old.target_id, old.target_name, old.changes, old.ip, old.request_id, old.created_at) then
    return new
  ; end if
  ; raise exception 'audit log rows cannot be changed' using errcode = '42501'
; end
$$;
