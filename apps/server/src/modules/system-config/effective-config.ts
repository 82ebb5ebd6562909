import type { Environment } from '@admin-portal/contract/system/config';
import type { Db, Queryable } from '../../db/client.ts';
import { findEffectiveConfigRow, type ConfigRow } from './config.queries.ts';

export type ResolvedFrom = 'organization_environment' | 'organization' | 'global_environment' | 'global';

/**
 * The enabled entry for `key` that applies to an organization in an environment: organization + environment beats
 * organization (every environment) beats global + environment beats global. `organizationId` null looks at global
 * entries only.
 */
export async function resolveConfigEntry(
  db: Queryable,
  key: string,
  organizationId: string | null,
  environment: Environment,
): Promise<{ row: ConfigRow; resolvedFrom: ResolvedFrom } | null> {
  const row = await findEffectiveConfigRow(db, key, organizationId, environment);
  if (!row) return null;
  const resolvedFrom: ResolvedFrom =
    row.organization_id !== null
      ? row.environment !== null
        ? 'organization_environment'
        : 'organization'
      : row.environment !== null
        ? 'global_environment'
        : 'global';
  return { row, resolvedFrom };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The effective configuration values the product reads on its hot paths, cached per process (decorated by buildApp). */
    effectiveConfig: EffectiveConfigCache;
  }
}

/** How long a looked-up entry is trusted at most; a change anywhere drops the cache at once (change notice 'config'). */
const CONFIG_FRESH_MS = 60_000;
/** Keys × organizations × environments held at most; past it the cache starts over. */
const MAX_CACHED = 10_000;

type Resolved = { row: ConfigRow; resolvedFrom: ResolvedFrom } | null;

/**
 * The effective entries this process has looked up (feature flags, intake switches, branding), so requests that read
 * them on every call (intake, branding, the AI routes) cost no query. Concurrent lookups of one entry share one
 * query; a change in any process drops the whole cache (ChangeNotices).
 */
export class EffectiveConfigCache {
  private readonly db: Queryable & Partial<Pick<Db, 'inTransaction'>>;
  private readonly entries = new Map<string, { at: number; value: Promise<Resolved>; settled: boolean }>();

  constructor(db: Queryable & Partial<Pick<Db, 'inTransaction'>>) {
    this.db = db;
  }

  invalidate(): void {
    this.entries.clear();
  }

  entry(key: string, organizationId: string | null, environment: Environment): Promise<Resolved> {
    const id = `${key}\u0000${organizationId ?? ''}\u0000${environment}`;
    const cached = this.entries.get(id);
    const fresh = cached !== undefined && Date.now() - cached.at < CONFIG_FRESH_MS;
    // Inside a transaction only an answered lookup is shared: one still under way may have been begun outside and be
    // waiting for the embedded database's one connection, which this transaction holds. The caller looks it up on its
    // own, in the transaction, and keeps nothing (ADR 0061).
    if (this.db.inTransaction?.()) {
      return fresh && cached.settled ? cached.value : resolveConfigEntry(this.db, key, organizationId, environment);
    }
    if (fresh) return cached.value;
    if (this.entries.size >= MAX_CACHED) this.entries.clear();
    const value = resolveConfigEntry(this.db, key, organizationId, environment);
    const held = { at: Date.now(), value, settled: false };
    // invalidate() empties the map, so a lookup begun before a change is never kept after it.
    this.entries.set(id, held);
    value.then(
      () => {
        held.settled = true;
      },
      () => {
        if (this.entries.get(id) === held) this.entries.delete(id);
      },
    );
    return value;
  }

  async flag(key: string, organizationId: string | null, environment: Environment, fallback = true): Promise<boolean> {
    const found = await this.entry(key, organizationId, environment);
    return found && typeof found.row.value === 'boolean' ? found.row.value : fallback;
  }

  async number(key: string, organizationId: string | null, environment: Environment, fallback: number): Promise<number> {
    const found = await this.entry(key, organizationId, environment);
    return found && typeof found.row.value === 'number' ? found.row.value : fallback;
  }

  async text(key: string, organizationId: string | null, environment: Environment, fallback: string): Promise<string> {
    const found = await this.entry(key, organizationId, environment);
    return found && typeof found.row.value === 'string' && found.row.value.trim() !== '' ? found.row.value : fallback;
  }
}
