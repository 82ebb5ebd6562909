-- Single sign-on with OpenID Connect (issue 37 item 4, ADR 0066).

-- An organization's identity provider. The client secret is encrypted with SECRET_KEY, as tool secrets are.
create table organization_sso (
  organization_id uuid primary key references organizations(id) on delete cascade,
  enabled boolean not null default true,
  provider_name text not null,
  issuer text not null,
  client_id text not null,
  client_secret_encrypted text not null,
  default_role text not null,
  roles_claim text,
  sso_only boolean not null default false,
  updated_at timestamptz not null default now()
);

-- The e-mail domains that sign in through an organization's provider: each domain to one organization.
create table organization_sso_domains (
  domain text primary key,
  organization_id uuid not null references organization_sso(organization_id) on delete cascade
);
create index organization_sso_domains_org_idx on organization_sso_domains (organization_id);

-- An account signed in through a provider: the provider's subject for it, so a changed e-mail still finds it.
create table user_sso_links (
  issuer text not null,
  subject text not null,
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index user_sso_links_user_idx on user_sso_links (user_id);

-- A sign-on under way at the provider: its state (as a digest), nonce and PKCE verifier, for one callback within
-- minutes, in the browser that started it (`browser_hash`: the digest of the value of a cookie set at the start, so
-- a provider's answer sent to someone else's browser signs nobody in).
create table sso_requests (
  id uuid primary key default gen_random_uuid(),
  state_hash text not null unique,
  browser_hash text not null,
  organization_id uuid not null references organizations(id) on delete cascade,
  nonce text not null,
  code_verifier text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- A finished sign-on handed to the sign-in page: a one-time code (as a digest) it exchanges for the session's tokens
-- within a minute. The tokens themselves never travel in an address.
create table sso_handoffs (
  code_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  details jsonb not null default '{}',
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
