-- Passkeys (WebAuthn, issue 37 item 2, ADR 0065).

-- A user's registered passkeys: the credential's id and public key (COSE) as the authenticator gave them at
-- registration, its signature counter (a clone shows as a counter that goes back), and what the person named it.
create table user_passkeys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  backed_up boolean not null default false,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index user_passkeys_user_idx on user_passkeys (user_id);

-- The random challenges of ceremonies under way, each good once and for a few minutes: 'register' (a signed-in user
-- adds a passkey) or 'sign_in'. A sign-in challenge names its user when it is a password sign-in's second step
-- (`sign_in_challenge_id`, spent with it); else any registered passkey may answer it.
create table webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  challenge text not null unique,
  purpose text not null check (purpose in ('register', 'sign_in')),
  user_id uuid references users(id) on delete cascade,
  sign_in_challenge_id uuid references sign_in_challenges(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
