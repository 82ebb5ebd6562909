import type { Queryable } from '../../db/client.ts';

/** What an organization's settings store of its provider. */
export interface SsoWrite {
  enabled: boolean;
  provider_name: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  default_role: string;
  roles_claim: string | null;
  sso_only: boolean;
}

/** An organization's provider as stored, with its domains. */
export interface SsoRow extends SsoWrite {
  organization_id: string;
  updated_at: Date;
  allowed_domains: string[];
}

const SELECT = `select s.organization_id, s.enabled, s.provider_name, s.issuer, s.client_id, s.client_secret_encrypted, s.default_role,
  s.roles_claim, s.sso_only, s.updated_at,
  coalesce((select array_agg(d.domain order by d.domain) from organization_sso_domains d where d.organization_id = s.organization_id), '{}') as allowed_domains
  from organization_sso s`;

export async function findSso(db: Queryable, organizationId: string): Promise<SsoRow | null> {
  const res = await db.query<SsoRow>(`${SELECT} where s.organization_id = $1`, [organizationId]);
  return res.rows[0] ?? null;
}

/** The enabled provider of the organization that claims this e-mail domain; null when none does. */
export async function findSsoForDomain(db: Queryable, domain: string): Promise<SsoRow | null> {
  const res = await db.query<SsoRow>(
    `${SELECT} join organizations o on o.id = s.organization_id
      where s.enabled and o.is_active and s.organization_id = (select organization_id from organization_sso_domains where domain = $1)`,
    [domain],
  );
  return res.rows[0] ?? null;
}

export async function saveSso(tx: Queryable, organizationId: string, s: SsoWrite, domains: readonly string[]): Promise<void> {
  await tx.query(
    `insert into organization_sso (organization_id, enabled, provider_name, issuer, client_id, client_secret_encrypted, default_role, roles_claim, sso_only)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (organization_id) do update set enabled = excluded.enabled, provider_name = excluded.provider_name, issuer = excluded.issuer,
       client_id = excluded.client_id, client_secret_encrypted = excluded.client_secret_encrypted, default_role = excluded.default_role,
       roles_claim = excluded.roles_claim, sso_only = excluded.sso_only, updated_at = now()`,
    [organizationId, s.enabled, s.provider_name, s.issuer, s.client_id, s.client_secret_encrypted, s.default_role, s.roles_claim, s.sso_only],
  );
  await tx.query('delete from organization_sso_domains where organization_id = $1', [organizationId]);
  await tx.query('insert into organization_sso_domains (domain, organization_id) select unnest($2::text[]), $1', [organizationId, domains]);
}

export async function deleteSso(tx: Queryable, organizationId: string): Promise<boolean> {
  const res = await tx.query('delete from organization_sso where organization_id = $1', [organizationId]);
  return res.rowCount > 0;
}

/**
 * The first of `domains` that belongs to another organization: it signs in there, takes sign-ups there, or people of
 * that organization have addresses at it (its sign-in page would send them to this organization's provider). Null when
 * none does. Take lockSsoDomains first.
 */
export async function firstDomainOfAnother(db: Queryable, organizationId: string, domains: readonly string[]): Promise<string | null> {
  const res = await db.query<{ domain: string }>(
    `select d.domain from unnest($1::text[]) with ordinality as d(domain, n)
      where exists (select 1 from organization_sso_domains s where s.domain = d.domain and s.organization_id <> $2)
         or exists (select 1 from organizations o where o.id <> $2 and o.settings->'allowed_email_domains' ? d.domain)
         or exists (select 1 from users u where u.organization_id <> $2 and lower(u.email) like '%@' || d.domain)
      order by d.n limit 1`,
    [domains, organizationId],
  );
  return res.rows[0]?.domain ?? null;
}

const DOMAINS_LOCK_KEY = 724_113_037;
/** Serialises changes to the domains, so two organizations cannot claim one at once. */
export async function lockSsoDomains(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [DOMAINS_LOCK_KEY]);
}

export async function insertSsoRequest(
  db: Queryable,
  r: { stateHash: string; browserHash: string; organizationId: string; nonce: string; codeVerifier: string; minutes: number },
): Promise<void> {
  await db.query(
    `insert into sso_requests (state_hash, browser_hash, organization_id, nonce, code_verifier, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [r.stateHash, r.browserHash, r.organizationId, r.nonce, r.codeVerifier, r.minutes],
  );
}

export interface SsoRequestRow {
  organization_id: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
}

/**
 * Spends the sign-on with this state (digest): answers it when it was unused and within its time, 'spent' when it was
 * used or is past its time, and null when no sign-on has this state.
 */
export async function spendSsoRequest(db: Queryable, stateHash: string): Promise<SsoRequestRow | 'spent' | null> {
  const res = await db.query<SsoRequestRow>(
    `update sso_requests set used_at = now() where state_hash = $1 and used_at is null and expires_at > now()
     returning organization_id, browser_hash, nonce, code_verifier`,
    [stateHash],
  );
  if (res.rows[0]) return res.rows[0];
  const known = await db.query('select 1 from sso_requests where state_hash = $1', [stateHash]);
  return known.rows.length > 0 ? 'spent' : null;
}

export async function findLinkedUser(db: Queryable, issuer: string, subject: string): Promise<string | null> {
  const res = await db.query<{ user_id: string }>('select user_id from user_sso_links where issuer = $1 and subject = $2', [issuer, subject]);
  return res.rows[0]?.user_id ?? null;
}

export async function linkUser(db: Queryable, l: { issuer: string; subject: string; userId: string; organizationId: string }): Promise<void> {
  await db.query(
    `insert into user_sso_links (issuer, subject, user_id, organization_id) values ($1, $2, $3, $4)
     on conflict (issuer, subject) do update set last_used_at = now()`,
    [l.issuer, l.subject, l.userId, l.organizationId],
  );
}

export async function insertHandoff(db: Queryable, codeHash: string, userId: string, details: Record<string, unknown>, seconds: number): Promise<void> {
  await db.query(`insert into sso_handoffs (code_hash, user_id, details, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`, [
    codeHash,
    userId,
    JSON.stringify(details),
    seconds,
  ]);
}

/** Spends the hand-off with this code (digest) if it is unused and within its time. */
export async function spendHandoff(db: Queryable, codeHash: string): Promise<{ user_id: string; details: Record<string, unknown> } | null> {
  const res = await db.query<{ user_id: string; details: Record<string, unknown> }>(
    'update sso_handoffs set used_at = now() where code_hash = $1 and used_at is null and expires_at > now() returning user_id, details',
    [codeHash],
  );
  return res.rows[0] ?? null;
}

/** The role a provider's roles claim names for a linked account. */
export async function setRoleFromProvider(db: Queryable, userId: string, role: string): Promise<void> {
  await db.query('update users set role = $2, updated_at = now() where id = $1', [userId, role]);
}
