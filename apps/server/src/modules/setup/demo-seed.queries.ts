import type { Queryable } from '../../db/client.ts';

/** The organization's tools, their ids by name. */
export async function toolIdsByName(tx: Queryable, organizationId: string): Promise<Record<string, string>> {
  const res = await tx.query<{ name: string; id: string }>('select name, id from tools where organization_id = $1', [organizationId]);
  return Object.fromEntries(res.rows.map((t) => [t.name, t.id]));
}
