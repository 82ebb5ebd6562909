-- Two-factor sign-in with an authenticator app (issue 37 item 1, ADR 0064).

-- A user's authenticator-app secret (RFC 6238), encrypted with SECRET_KEY like tool secrets. `confirmed_at` is null
-- while enrolment waits for its first code; the second factor is on once it is set. `last_step` is the time step of
-- the last code accepted: a code works once.
create table user_totp (
  user_id uuid primary key references users(id) on delete cascade,
  secret_encrypted text not null,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
);

-- One-time recovery codes, stored as digests; shown once, when they are made.
create table user_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  code_hash text not null unique,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_recovery_codes_user_idx on user_recovery_codes (user_id) where used_at is null;

-- A sign-in whose password was right and that waits for its second factor: the token the second call brings back
-- (its digest), good for a few minutes and for a few wrong codes. `purpose`: 'verify' (a code of the account's app)
-- or 'enrol' (a policy requires a second factor the account does not have yet: it sets one up first).
create table sign_in_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  purpose text not null default 'verify' check (purpose in ('verify', 'enrol')),
  ip text,
  failures int not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sign_in_challenges_user_idx on sign_in_challenges (user_id, created_at desc);
