import type { Queryable } from '../../db/client.ts';

export interface TotpRow {
  secret_encrypted: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

/** The user's authenticator secret: confirmed (in force) or waiting for its first code; null when none. */
export async function findTotp(db: Queryable, userId: string): Promise<TotpRow | null> {
  const res = await db.query<TotpRow>('select secret_encrypted, confirmed_at, last_step from user_totp where user_id = $1', [userId]);
  return res.rows[0] ?? null;
}

/** Locks the user's secret row for a change (null when there is none). */
export async function lockTotp(tx: Queryable, userId: string): Promise<TotpRow | null> {
  const res = await tx.query<TotpRow>('select secret_encrypted, confirmed_at, last_step from user_totp where user_id = $1 for update', [userId]);
  return res.rows[0] ?? null;
}

/** Whether the user signs in with a second factor. */
export async function hasConfirmedTotp(db: Queryable, userId: string): Promise<boolean> {
  const res = await db.query('select 1 from user_totp where user_id = $1 and confirmed_at is not null', [userId]);
  return res.rows.length > 0;
}

/** A new secret waiting for its first code (replacing one that waited); never replaces a confirmed one. */
export async function savePendingTotp(tx: Queryable, userId: string, secretEncrypted: string): Promise<boolean> {
  const res = await tx.query(
    `insert into user_totp (user_id, secret_encrypted) values ($1, $2)
     on conflict (user_id) do update set secret_encrypted = excluded.secret_encrypted, created_at = now(), last_step = null
      where user_totp.confirmed_at is null`,
    [userId, secretEncrypted],
  );
  return res.rowCount > 0;
}

/** The secret is in force from now; `step` is the time step of the code that confirmed it. */
export async function confirmTotpRow(tx: Queryable, userId: string, step: number): Promise<void> {
  await tx.query('update user_totp set confirmed_at = now(), last_step = $2 where user_id = $1', [userId, step]);
}

/** Takes a code's time step if no code of it or later was taken before: answers whether it was (a code works once). */
export async function takeTotpStep(tx: Queryable, userId: string, step: number): Promise<boolean> {
  const res = await tx.query('update user_totp set last_step = $2 where user_id = $1 and (last_step is null or last_step < $2)', [userId, step]);
  return res.rowCount > 0;
}

/** Removes the user's secret and recovery codes; answers whether a confirmed secret was removed. */
export async function deleteSecondFactor(tx: Queryable, userId: string): Promise<boolean> {
  const res = await tx.query<{ confirmed: boolean }>('delete from user_totp where user_id = $1 returning confirmed_at is not null as confirmed', [userId]);
  await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
  return res.rows[0]?.confirmed ?? false;
}

/** The user's recovery codes become these (digests); the earlier ones stop working. */
export async function replaceRecoveryCodes(tx: Queryable, userId: string, codeHashes: readonly string[]): Promise<void> {
  await tx.query('delete from user_recovery_codes where user_id = $1', [userId]);
  await tx.query('insert into user_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [userId, codeHashes]);
}

/** Spends one unused recovery code of the user; answers whether there was one with this digest. */
export async function spendRecoveryCode(tx: Queryable, userId: string, codeHash: string): Promise<boolean> {
  const res = await tx.query('update user_recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null', [userId, codeHash]);
  return res.rowCount > 0;
}

export async function countRecoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const res = await db.query<{ n: number }>('select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is null', [userId]);
  return res.rows[0]!.n;
}

/** The roles an organization requires a second factor of (its settings' two_factor_required_roles; none when unset). */
export async function findOrganizationTwoFactorRoles(db: Queryable, organizationId: string): Promise<string[]> {
  const res = await db.query<{ roles: unknown }>(`select settings->'two_factor_required_roles' as roles from organizations where id = $1`, [organizationId]);
  const roles = res.rows[0]?.roles;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}
