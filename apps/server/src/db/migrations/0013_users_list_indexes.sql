-- The users list at a million users (issue 18, item 4): an index for every sort the Users page offers, within one
-- organization (an administrator, or a super admin who picked one) and over all of them, each ending with `id` in
-- the key's direction as orderBySql (users.filter.ts) does, so one index read forwards or backwards serves both
-- directions; indexes for the role, inactive and locked filters in the default order (newest first); and a trigram
-- index for the free text `q`.

-- email (lower(email) is unique, 0001's users_email_key; with id it also gives the list's exact order).
create index users_email_sort_idx on users (lower(email), id);
create index users_org_email_sort_idx on users (organization_id, lower(email), id);
create index users_first_name_sort_idx on users (lower(first_name), id);
create index users_org_first_name_sort_idx on users (organization_id, lower(first_name), id);
create index users_last_name_sort_idx on users (lower(last_name), id);
create index users_org_last_name_sort_idx on users (organization_id, lower(last_name), id);
create index users_role_sort_idx on users (role, id);
create index users_org_role_sort_idx on users (organization_id, role, id);
-- Never logged in comes first going up (nulls first), last going down (nulls last): one index, read either way.
create index users_last_login_sort_idx on users (last_login_at asc nulls first, id);
create index users_org_last_login_sort_idx on users (organization_id, last_login_at asc nulls first, id);
-- created_at: (created_at desc, id desc) and (organization_id, created_at desc, id desc) exist since 0001.

-- Filters in the default order. A role: all organizations and one (this one replaces 0001's (organization_id, role)).
create index users_role_created_idx on users (role, created_at desc, id desc);
create index users_org_role_created_idx on users (organization_id, role, created_at desc, id desc);
drop index if exists users_role_idx;
-- Inactive and locked users are few: partial indexes hold only them (the common side, active or not locked, is
-- found by reading the default order's index). `locked_until > now()` implies `locked_until is not null`.
create index users_inactive_created_idx on users (created_at desc, id desc) where not is_active;
create index users_org_inactive_created_idx on users (organization_id, created_at desc, id desc) where not is_active;
create index users_locked_created_idx on users (created_at desc, id desc) where locked_until is not null;
create index users_org_locked_created_idx on users (organization_id, created_at desc, id desc) where locked_until is not null;

-- Free text `q`: the same expression as USER_SEARCH_TEXT in users.filter.ts (they must stay identical). The
-- separator E'\x01' keeps a match from running from the email into the name; the space keeps "first last".
create index users_search_trgm_idx on users using gin (
  (email || E'\x01' || first_name || ' ' || last_name) public.gin_trgm_ops
);
