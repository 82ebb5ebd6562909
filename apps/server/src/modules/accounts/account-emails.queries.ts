import type { Queryable } from '../../db/client.ts';

/**
 * Counts one mail to the address under `key` in a fixed window of an hour (sign_in_failures); answers the count in
 * the window, this mail included.
 */
export async function countMailInHour(tx: Queryable, key: string): Promise<number> {
  const res = await tx.query<{ failures: number }>(
    `insert into sign_in_failures as f (key, failures, last_failed_at) values ($1, 1, now())
     on conflict (key) do update
       set failures = case when f.last_failed_at > now() - interval '1 hour' then f.failures + 1 else 1 end,
           last_failed_at = case when f.last_failed_at > now() - interval '1 hour' then f.last_failed_at else now() end
     returning failures`,
    [key],
  );
  return res.rows[0]!.failures;
}

export interface OpenRegistrationRow {
  email: string;
  first_name: string;
  /** The organization's name. */
  organization: string;
}

/** A sign-up request still waiting for its confirmation (not used, not expired), with its organization's name. */
export async function findOpenRegistration(db: Queryable, registrationId: string): Promise<OpenRegistrationRow | null> {
  const res = await db.query<OpenRegistrationRow>(
    `select r.email, r.first_name, o.name as organization from registration_requests r join organizations o on o.id = r.organization_id
          where r.id = $1 and r.used_at is null and r.expires_at > now()`,
    [registrationId],
  );
  return res.rows[0] ?? null;
}

/** The digest of the link's token a sign-up request is confirmed with (the latest link sent). */
export async function setRegistrationTokenHash(db: Queryable, registrationId: string, tokenHash: string): Promise<void> {
  await db.query('update registration_requests set token_hash = $2 where id = $1', [registrationId, tokenHash]);
}

/** The address and first name of a user no longer waiting for approval. */
export async function findApprovedUserContact(db: Queryable, userId: string): Promise<{ email: string; first_name: string } | null> {
  const res = await db.query<{ email: string; first_name: string }>('select email, first_name from users where id = $1 and not pending_approval', [userId]);
  return res.rows[0] ?? null;
}
