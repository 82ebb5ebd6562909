-- Account security (issue 31).
--
-- Self-registration proves the address before an account exists: a request waits here, with the password already
-- hashed, until its e-mailed link comes back. The link's token is made by the job that sends the mail and only its
-- SHA-256 is kept, so neither this table nor the job queue can confirm an address.
create table registration_requests (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  email text not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  token_hash text,
  expires_at timestamptz not null,
  used_at timestamptz,
  ip text,
  created_at timestamptz not null default now()
);
create unique index registration_requests_token_idx on registration_requests (token_hash) where token_hash is not null;
create index registration_requests_email_idx on registration_requests (lower(email), created_at desc);
create index registration_requests_expiry_idx on registration_requests (expires_at);

-- An account made by self-registration in an organization that wants an administrator's approval first: it cannot
-- sign in, and reads nothing, until an administrator approves it (or rejects it, which removes it).
alter table users add column pending_approval boolean not null default false;
create index users_pending_idx on users (organization_id, created_at desc) where pending_approval;

-- Failed sign-ins (and failed re-authentications), counted per key: the e-mail as typed with the address it came
-- from, the e-mail alone (every address), a signed-in user re-entering their password. Keys are SHA-256 digests, so
-- the table holds no e-mail address, and an unknown e-mail is counted exactly as a known one. A per-address key starts
-- with the e-mail's digest, so an administrator's Unlock finds them all by prefix (hence the C collation).
create table sign_in_failures (
  key text collate "C" primary key,
  failures integer not null,
  last_failed_at timestamptz not null default now(),
  wait_until timestamptz
);
create index sign_in_failures_age_idx on sign_in_failures (last_failed_at);

-- Which addresses a user has signed in from: sign-ins from them are not slowed by failures from elsewhere.
create index auth_sessions_user_ip_idx on auth_sessions (user_id, ip, created_at desc);
