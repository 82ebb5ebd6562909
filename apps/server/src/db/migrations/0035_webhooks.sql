-- Webhook subscriptions (issue 38 item 4, ADR 0068): an organization's administrators subscribe HTTPS endpoints to
-- event types; each event becomes a delivery per subscription, signed the Standard Webhooks way and retried for 24
-- hours, every attempt kept with its request and answer.
create table webhook_subscriptions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  url text not null,
  description text not null default '',
  event_types text[] not null,
  -- whsec_<base64 key>, encrypted with SECRET_KEY (security/encryption.ts): shown once, when made or rotated.
  secret_encrypted text not null,
  enabled boolean not null default true,
  -- 'failing' when it was turned off after failing for a day, 'manual' when someone turned it off.
  disabled_reason text check (disabled_reason in ('failing', 'manual')),
  -- Since when every attempt has failed (null: the last one succeeded, or none was made).
  failing_since timestamptz,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_subscriptions_org_idx on webhook_subscriptions (organization_id, created_at);

-- The outbox: one row per event and subscription, written in the transaction that records the event (so none is
-- lost when a process dies), and the sender's queue: claimed with FOR UPDATE SKIP LOCKED under a lease, like jobs.
create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references webhook_subscriptions(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  -- webhook-id: the same for every attempt and every subscription of one event (receivers de-duplicate by it).
  message_id text not null,
  event_type text not null,
  -- The body sent: {type, timestamp, data}.
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_by text,
  locked_until timestamptz,
  -- A person asked for it again (the next attempt is recorded as a resend).
  resend_requested_by uuid references users(id) on delete set null,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status in ('pending', 'sending');
create index webhook_deliveries_subscription_idx on webhook_deliveries (subscription_id, created_at desc, id desc);

create table webhook_attempts (
  id uuid primary key default gen_random_uuid(),
  delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
  attempted_at timestamptz not null default now(),
  -- 'automatic' (the first send and the retries) or 'resend' (asked for by a person).
  trigger text not null check (trigger in ('automatic', 'resend')),
  request_headers jsonb not null,
  response_status integer,
  response_headers jsonb,
  -- The answer's first 4 KiB.
  response_body text,
  duration_ms integer not null,
  error text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at);

-- Every committed application event of a subscribed type becomes deliveries in the same statement (per statement,
-- through the transition table: a bulk insert is one join). The event's id makes the message id.
-- (Semicolons inside the function body start their lines: migrate.ts splits statements at a semicolon ending a line.)
create function webhook_deliveries_of_events() returns trigger language plpgsql as $$
begin
  insert into webhook_deliveries (subscription_id, organization_id, message_id, event_type, payload)
  select s.id, e.organization_id, 'msg_' || replace(e.id::text, '-', ''), t.name,
         jsonb_build_object(
           'type', t.name,
           'timestamp', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'data', jsonb_strip_nulls(jsonb_build_object(
             'application_id', e.application_id,
             'workflow_id', e.workflow_id,
             'step_id', e.step_id,
             'step_type', e.step_type,
             'decision', e.payload ->> 'decision',
             'outcome', e.payload ->> 'outcome',
             'waiting_for', e.payload ->> 'waiting_for',
             'review_task_id', e.payload ->> 'review_task_id',
             'due_at', e.payload ->> 'due_at',
             'error', e.error)))
    from added e
    cross join lateral (select case e.type
        when 'application_created' then 'application.started'
        when 'waiting' then 'application.waiting'
        when 'review_decided' then 'application.decided'
        when 'application_completed' then 'application.completed'
        when 'application_failed' then 'application.failed'
        when 'application_cancelled' then 'application.cancelled'
        when 'review_escalated' then 'review.overdue'
      end as name) t
    join webhook_subscriptions s on s.organization_id = e.organization_id and s.enabled and t.name = any (s.event_types)
   where t.name is not null
  ; return null
; end $$;

create trigger application_events_webhooks after insert on application_events
  referencing new table as added for each statement execute function webhook_deliveries_of_events();
