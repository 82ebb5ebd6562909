-- Users per organization, kept by the database (issue 18): an organization's users list without filters showed a
-- total counted up to the cap on every request (an administrator's default view), which made that list cost half
-- as much again as one without its count. Now its exact total is one row. Every organization has its row from its
-- creation, so a user moving between organizations updates both rows in one statement (in key order: two opposite
-- moves never wait on each other crosswise). (Semicolons inside the function bodies start their lines:
-- migrate.ts split statements at a semicolon ending a line when this was written.)
create table organization_user_counts (
  organization_id uuid primary key references organizations(id) on delete cascade,
  users bigint not null default 0
);

insert into organization_user_counts (organization_id, users)
select o.id, (select count(*) from users u where u.organization_id = o.id) from organizations o;

create function organization_user_counts_open() returns trigger language plpgsql as $$
begin
  insert into organization_user_counts (organization_id) select id from opened on conflict do nothing
  ; return null
; end $$;

-- Inserted and deleted users, per statement (a bulk insert updates each organization once): both triggers name their
-- transition table `changed`, and the operation gives the sign.
create function organization_user_counts_changed() returns trigger language plpgsql as $$
begin
  update organization_user_counts c set users = c.users + case when tg_op = 'INSERT' then ch.n else -ch.n end
    from (select organization_id, count(*) as n from changed group by organization_id) ch
   where c.organization_id = ch.organization_id
  ; return null
; end $$;

create function organization_user_counts_moved() returns trigger language plpgsql as $$
begin
  update organization_user_counts set users = users + case when organization_id = new.organization_id then 1 else -1 end
   where organization_id = any (array[old.organization_id, new.organization_id])
  ; return null
; end $$;

create function organization_user_counts_reset() returns trigger language plpgsql as $$
begin
  update organization_user_counts set users = 0 where users <> 0
  ; return null
; end $$;

create trigger organizations_user_counts_open after insert on organizations
  referencing new table as opened for each statement execute function organization_user_counts_open();
create trigger users_counts_added after insert on users
  referencing new table as changed for each statement execute function organization_user_counts_changed();
create trigger users_counts_removed after delete on users
  referencing old table as changed for each statement execute function organization_user_counts_changed();
create trigger users_counts_moved after update of organization_id on users
  for each row when (old.organization_id is distinct from new.organization_id)
  execute function organization_user_counts_moved();
create trigger users_counts_truncated after truncate on users
  for each statement execute function organization_user_counts_reset();
