import type { Queryable } from '../../db/client.ts';

/**
 * The user's stored preferences document (null when none was stored), or undefined when there is no such user;
 * `forUpdate` locks the row for the rest of the transaction.
 */
export async function findStoredPreferences(db: Queryable, userId: string, forUpdate = false): Promise<Record<string, unknown> | null | undefined> {
  const res = await db.query<{ preferences: Record<string, unknown> | null }>(
    `select preferences from users where id = $1${forUpdate ? ' for no key update' : ''}`,
    [userId],
  );
  return res.rows[0]?.preferences;
}

export async function updateStoredPreferences(tx: Queryable, userId: string, preferences: Record<string, unknown>): Promise<void> {
  await tx.query('update users set preferences = $2, updated_at = now() where id = $1', [userId, JSON.stringify(preferences)]);
}
