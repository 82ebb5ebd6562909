import type { Queryable } from '../../db/client.ts';

/** Locks `users` until the transaction ends, so two processes starting at once cannot both create the first admin. */
export async function lockUsersTable(tx: Queryable): Promise<void> {
  await tx.query('lock table users in exclusive mode');
}

export async function anyUserExists(tx: Queryable): Promise<boolean> {
  const existing = await tx.query('select 1 from users limit 1');
  return existing.rows.length > 0;
}
