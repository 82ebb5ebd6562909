import type { Environment } from '@admin-portal/contract/tools/api';
import type { Queryable } from '../../db/client.ts';

export interface ApiKeyRow {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  environment: Environment;
  created_by: string | null;
  created_by_email: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const COLUMNS = `k.id, k.organization_id, k.name, k.prefix, k.scopes, k.environment, k.created_by,
  (select u.email from users u where u.id = k.created_by) as created_by_email, k.last_used_at, k.revoked_at, k.created_at`;

export async function findApiKeys(db: Queryable, organizationId: string | null): Promise<ApiKeyRow[]> {
  const res = await db.query<ApiKeyRow>(
    `select ${COLUMNS} from api_keys k ${organizationId ? 'where k.organization_id = $1' : ''} order by k.revoked_at is not null, k.created_at desc, k.id limit 500`,
    organizationId ? [organizationId] : [],
  );
  return res.rows;
}

export async function findApiKeyById(db: Queryable, id: string, lock = false): Promise<ApiKeyRow | null> {
  const res = await db.query<ApiKeyRow>(`select ${COLUMNS} from api_keys k where k.id = $1${lock ? ' for update' : ''}`, [id]);
  return res.rows[0] ?? null;
}

/** The live key with this hash (revoked keys never match). */
export async function findLiveKeyByHash(db: Queryable, hash: string): Promise<ApiKeyRow | null> {
  const res = await db.query<ApiKeyRow>(`select ${COLUMNS} from api_keys k where k.key_hash = $1 and k.revoked_at is null`, [hash]);
  return res.rows[0] ?? null;
}

export async function insertApiKey(
  db: Queryable,
  k: { organization_id: string; name: string; prefix: string; key_hash: string; scopes: string[]; environment: Environment; created_by: string },
): Promise<string> {
  const res = await db.query<{ id: string }>(
    'insert into api_keys (organization_id, name, prefix, key_hash, scopes, environment, created_by) values ($1, $2, $3, $4, $5, $6, $7) returning id',
    [k.organization_id, k.name, k.prefix, k.key_hash, k.scopes, k.environment, k.created_by],
  );
  return res.rows[0]!.id;
}

export async function revokeApiKeyRow(db: Queryable, id: string): Promise<void> {
  await db.query('update api_keys set revoked_at = now() where id = $1 and revoked_at is null', [id]);
}

/** Notes a use at most once a minute, so a busy client does not turn every call into a write. */
export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await db.query("update api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')", [id]);
}
