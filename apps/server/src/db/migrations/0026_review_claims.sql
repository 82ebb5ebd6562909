-- Case work for review teams (issue 35, ADR 0057): who has an open review. A reviewer claims it, releases it, or a
-- lead (manage_reviews) assigns it to a named person who may decide it. Kept after the decision (who had it).
alter table review_tasks add column claimed_by uuid references users(id) on delete set null;
alter table review_tasks add column claimed_at timestamptz;
-- The lead who assigned it; null when its holder claimed it themselves.
alter table review_tasks add column assigned_by uuid references users(id) on delete set null;

-- The queue's "Mine" and per-person views, and each reviewer's open count (a lead's assign list).
create index review_tasks_open_holder_idx on review_tasks (claimed_by, due_at, id) where status = 'open' and claimed_by is not null;
-- The queue's "Unclaimed" view: open reviews of the caller's roles that nobody has, soonest deadline first.
create index review_tasks_open_unclaimed_idx on review_tasks (organization_id, assignee_role, due_at, id) where status = 'open' and claimed_by is null;

-- Escalation (issue 35): when an approval step's deadline passes and the step says so, its review is handed on and
-- marked; the case is marked too, for the monitor's "Escalated" filter.
alter table review_tasks add column escalated_at timestamptz;
alter table applications add column escalated_at timestamptz;
create index applications_escalated_idx on applications (organization_id, created_at desc, id desc) where escalated_at is not null;
-- Analytics count the reviews escalated in a period.
create index review_tasks_escalated_idx on review_tasks (organization_id, escalated_at) where escalated_at is not null;

-- Four eyes (issue 35): a step may ask for a second decision by someone else. The second is a review of its own
-- (stage 2) that names the first; whoever gave the first can neither claim nor decide it.
alter table review_tasks add column stage smallint not null default 1 check (stage in (1, 2));
alter table review_tasks add column first_review_id uuid references review_tasks(id) on delete set null;
