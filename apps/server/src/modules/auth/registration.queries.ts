import type { Environment } from '@admin-portal/contract/system/config';
import type { Queryable } from '../../db/client.ts';

/**
 * SQL that is true unless System Configuration's features.self_registration, as it applies to organization `org`
 * (its alias) in the environment `$env`, is false: organization + environment beats organization beats global.
 */
export function selfRegistrationFlagSql(org: string, env: string): string {
  return `coalesce((
      select c.value from system_configs c
       where c.key = 'features.self_registration' and c.is_enabled and c.value_type = 'boolean'
         and (c.organization_id is null or c.organization_id = ${org}.id)
         and (c.environment is null or c.environment = ${env})
       order by (c.organization_id is not null) desc, (c.environment is not null) desc
       limit 1), 'true'::jsonb) = 'true'::jsonb`;
}

/**
 * Whether some active organization takes sign-ups: allows them, names at least one e-mail domain, and is not
 * switched off by features.self_registration in `environment`.
 */
export async function someOrganizationTakesSignUps(db: Queryable, environment: Environment): Promise<boolean> {
  const res = await db.query<{ open: boolean }>(
    `select exists(
       select 1 from organizations o
        where o.is_active
          and o.settings->'allow_registration' = 'true'::jsonb
          and jsonb_typeof(o.settings->'allowed_email_domains') = 'array'
          and o.settings->'allowed_email_domains' <> '[]'::jsonb
          and ${selfRegistrationFlagSql('o', '$1')}
     ) as open`,
    [environment],
  );
  return res.rows[0]?.open === true;
}

export interface RegistrationOrg {
  id: string;
  name: string;
  is_active: boolean;
  settings: { allow_registration?: boolean; allowed_email_domains?: string[]; registration_requires_approval?: boolean };
}

/** The organization `organizationId`, unless features.self_registration switches it off in `environment`. */
export async function findSignUpOrganization(db: Queryable, organizationId: string, environment: Environment): Promise<RegistrationOrg[]> {
  const res = await db.query<RegistrationOrg>(
    `select o.id, o.name, o.is_active, o.settings from organizations o where o.id = $1 and ${selfRegistrationFlagSql('o', '$2')}`,
    [organizationId, environment],
  );
  return res.rows;
}

/** The first two active organizations (oldest first) that take sign-ups for e-mail `domain` in `environment`. */
export async function findSignUpOrganizationsForDomain(db: Queryable, domain: string, environment: Environment): Promise<RegistrationOrg[]> {
  const res = await db.query<RegistrationOrg>(
    `select o.id, o.name, o.is_active, o.settings from organizations o
          where o.is_active and (o.settings->>'allow_registration')::boolean is true
            and o.settings->'allowed_email_domains' ? $1 and ${selfRegistrationFlagSql('o', '$2')}
          order by o.created_at limit 2`,
    [domain, environment],
  );
  return res.rows;
}

export interface NewRegistrationRequest {
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** Its link works this many hours. */
  link_hours: number;
  ip: string;
}

/** Stores a sign-up request waiting for its link; answers its id. */
export async function insertRegistrationRequest(tx: Queryable, r: NewRegistrationRequest): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into registration_requests (organization_id, email, first_name, last_name, password_hash, expires_at, ip)
       values ($1, $2, $3, $4, $5, now() + make_interval(hours => $6), $7) returning id`,
    [r.organization_id, r.email, r.first_name, r.last_name, r.password_hash, r.link_hours, r.ip],
  );
  return res.rows[0]!.id;
}

export interface PendingRegistrationRow {
  id: string;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
}

/** The unused, unexpired sign-up request whose link token has this digest, locked; null when there is none. */
export async function lockPendingRegistration(tx: Queryable, tokenHash: string): Promise<PendingRegistrationRow | null> {
  const res = await tx.query<PendingRegistrationRow>(
    `select id, organization_id, email, first_name, last_name, password_hash from registration_requests
        where token_hash = $1 and used_at is null and expires_at > now() for update`,
    [tokenHash],
  );
  return res.rows[0] ?? null;
}

/** Every unused sign-up request for the address (any case) is used up. */
export async function markRegistrationsUsed(tx: Queryable, email: string): Promise<void> {
  await tx.query(`update registration_requests set used_at = now() where lower(email) = lower($1) and used_at is null`, [email]);
}
