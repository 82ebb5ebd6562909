import type { Queryable } from '../../db/client.ts';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, credential_id, public_key, counter, transports, backed_up, name, created_at, last_used_at';

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  const res = await db.query<PasskeyRow>(`select ${COLUMNS} from user_passkeys where user_id = $1 order by created_at, id`, [userId]);
  return res.rows;
}

export async function countPasskeys(db: Queryable, userId: string): Promise<number> {
  const res = await db.query<{ n: number }>('select count(*)::int as n from user_passkeys where user_id = $1', [userId]);
  return res.rows[0]!.n;
}

/** The passkey with this credential id, locked for its counter's update; null when none is registered. */
export async function lockPasskeyByCredential(tx: Queryable, credentialId: string): Promise<PasskeyRow | null> {
  const res = await tx.query<PasskeyRow>(`select ${COLUMNS} from user_passkeys where credential_id = $1 for update`, [credentialId]);
  return res.rows[0] ?? null;
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: readonly string[];
  backedUp: boolean;
  name: string;
}

/** Stores a verified registration; null when the credential is registered already (to anyone). */
export async function insertPasskey(tx: Queryable, p: NewPasskey): Promise<PasskeyRow | null> {
  const res = await tx.query<PasskeyRow>(
    `insert into user_passkeys (user_id, credential_id, public_key, counter, transports, backed_up, name)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (credential_id) do nothing returning ${COLUMNS}`,
    [p.userId, p.credentialId, p.publicKey, p.counter, p.transports, p.backedUp, p.name],
  );
  return res.rows[0] ?? null;
}

/** After a sign-in with the passkey: its new counter and backup state, and when it was used. */
export async function markPasskeyUsed(tx: Queryable, id: string, counter: number, backedUp: boolean): Promise<void> {
  await tx.query('update user_passkeys set counter = $2, backed_up = $3, last_used_at = now() where id = $1', [id, counter, backedUp]);
}

/** Removes one of the user's passkeys; answers its name, or null when the user has none with this id. */
export async function deletePasskey(tx: Queryable, userId: string, id: string): Promise<string | null> {
  const res = await tx.query<{ name: string }>('delete from user_passkeys where user_id = $1 and id = $2 returning name', [userId, id]);
  return res.rows[0]?.name ?? null;
}

/** Removes every passkey of the user (an administrator's reset); answers how many there were. */
export async function deleteUserPasskeys(tx: Queryable, userId: string): Promise<number> {
  const res = await tx.query('delete from user_passkeys where user_id = $1', [userId]);
  return res.rowCount;
}

export async function hasPasskeys(db: Queryable, userId: string): Promise<boolean> {
  const res = await db.query('select 1 from user_passkeys where user_id = $1 limit 1', [userId]);
  return res.rows.length > 0;
}

export type CeremonyPurpose = 'register' | 'sign_in';

export async function insertCeremony(
  db: Queryable,
  c: { challenge: string; purpose: CeremonyPurpose; userId: string | null; signInChallengeId: string | null; minutes: number },
): Promise<void> {
  await db.query(
    `insert into webauthn_challenges (challenge, purpose, user_id, sign_in_challenge_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [c.challenge, c.purpose, c.userId, c.signInChallengeId, c.minutes],
  );
}

export interface CeremonyRow {
  id: string;
  purpose: CeremonyPurpose;
  user_id: string | null;
  sign_in_challenge_id: string | null;
}

/**
 * Spends the ceremony whose challenge the browser signed: answers it when it was unused and within its time, else
 * null. Spent here, before the answer is checked, so a challenge is never tried twice.
 */
export async function spendCeremony(tx: Queryable, challenge: string, purpose: CeremonyPurpose): Promise<CeremonyRow | null> {
  const res = await tx.query<CeremonyRow>(
    `update webauthn_challenges set used_at = now()
      where challenge = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning id, purpose, user_id, sign_in_challenge_id`,
    [challenge, purpose],
  );
  return res.rows[0] ?? null;
}
