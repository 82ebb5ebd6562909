-- The audit log becomes readable (issue 17, ADR 0027): indexes for the list's order and each filter, a trigram
-- index for its free text, and a trigger that keeps rows from being changed or deleted.
-- The function body puts its semicolons at line starts: the migration runner split statements on `;` at line ends
-- when this was written.

-- pg_trgm lives in public so per-test schemas (dropped with cascade) never take it with them; the opclass is
-- named with its schema for the same reason.
create extension if not exists pg_trgm with schema public;

-- Every organization (super administrators), newest first.
create index audit_logs_created_idx on audit_logs (created_at desc, id desc);
-- (organization_id, created_at desc, id desc) exists since 0001.
-- The filters' indexes carry organization_id, so an administrator's capped count (their organization and a filter)
-- reads the index alone instead of fetching every matching row (the email index keeps the email itself: an index-only
-- scan needs the column its expression reads).
create index audit_logs_actor_idx on audit_logs (actor_id, created_at desc, id desc) include (organization_id);
create index audit_logs_actor_email_idx on audit_logs (lower(actor_email), created_at desc, id desc) include (organization_id, actor_email);
create index audit_logs_action_idx on audit_logs (action, created_at desc, id desc) include (organization_id);
-- Replaces 0001's (target_type, target_id): the same lookups, already in the list's order.
create index audit_logs_target_created_idx on audit_logs (target_type, target_id, created_at desc, id desc) include (organization_id);
drop index if exists audit_logs_target_idx;

-- Free text `q`: the same expression as AUDIT_SEARCH_TEXT in audit.filter.ts (they must stay identical).
create index audit_logs_search_trgm_idx on audit_logs using gin (
  (action || ' ' || target_type || ' ' || coalesce(target_id, '') || ' ' || coalesce(actor_email, '') || ' ' || changes::text) public.gin_trgm_ops
);

-- Rows are never changed: an UPDATE is refused unless it is a foreign key's own `on delete set null` (a deleted
-- organization or user: fired from the referential trigger, so nested, and nulling that column only). A DELETE
-- (or TRUNCATE) is refused unless the transaction ran `set local app.audit_purge = 'on'` (purgeAuditRows).
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
     and (new.id, new.actor_email, new.action, new.target_type, new.target_id, new.changes, new.ip, new.request_id, new.created_at)
         is not distinct from (old.id, old.actor_email, old.action, old.target_type, old.target_id, old.changes, old.ip, old.request_id, old.created_at) then
    return new
  ; end if
  ; raise exception 'audit log rows cannot be changed' using errcode = '42501'
; end
$$;

create trigger audit_logs_no_update before update on audit_logs for each row execute function audit_logs_guard();
create trigger audit_logs_no_delete before delete on audit_logs for each row execute function audit_logs_guard();
create trigger audit_logs_no_truncate before truncate on audit_logs for each statement execute function audit_logs_guard();
