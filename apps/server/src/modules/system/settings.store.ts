import { systemSettingsSchema, type SystemSettings } from '@admin-portal/contract/system/settings';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { findStoredSettingRows } from './settings.queries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product-wide settings (issue 17), as this process knows them (decorated by buildApp). */
    settings: SettingsStore;
  }
}

/**
 * How long a process trusts its copy before reading the table again. A change anywhere drops every process's copy at
 * once (a NOTIFY, see ChangeNotices); this is only the safety net should a notice be lost.
 */
const FRESH_MS = 60_000;

/** The defaults: the spec's and DESIGN's values, with the limits the environment sets (LOGIN_RATE_LIMIT, UPLOAD_LIMIT). */
export function settingsDefaults(config: Config): SystemSettings {
  return {
    product_name: 'Admin Portal',
    password_min_length: 8,
    lockout_threshold: 5,
    lockout_minutes: 15,
    session_idle_minutes: 30,
    session_max_hours: 12,
    login_rate_limit_per_minute: Math.min(config.loginRateLimit, 100_000),
    upload_limit_bytes: Math.min(Math.max(config.uploadLimit, 1024), 1024 * 1024 * 1024),
    application_retention_days: 0,
    audit_retention_days: 0,
    // Self-registration proves the address by e-mail: without SMTP it cannot be on.
    self_registration_enabled: config.smtpUrl !== undefined,
    two_factor_required_roles: [],
  };
}

export interface StoredSettings {
  settings: SystemSettings;
  customized: string[];
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Reads the stored keys over the defaults; a stored value that no longer fits the schema reads its default. */
export async function readSettings(db: Queryable, defaults: SystemSettings): Promise<StoredSettings> {
  const rows = await findStoredSettingRows(db);
  const settings: Record<string, unknown> = { ...defaults };
  const customized: string[] = [];
  for (const row of rows) {
    if (!(row.key in defaults)) continue;
    const field = systemSettingsSchema.shape[row.key as keyof SystemSettings];
    const parsed = field.safeParse(row.value);
    if (!parsed.success) continue;
    settings[row.key] = parsed.data;
    customized.push(row.key);
  }
  const latest = rows[0];
  return { settings: settings as SystemSettings, customized: customized.sort(), updatedAt: latest?.updated_at ?? null, updatedBy: latest?.updated_by ?? null };
}

/**
 * The settings as this process knows them: read from the table, kept until any process changes them (the change
 * notice drops the copy) or for a minute at most. `current()` answers synchronously (for per-request checks such as rate limits) with the
 * last copy and refreshes it in the background when it is stale.
 */
export class SettingsStore {
  private copy: SystemSettings;
  private loadedAt = 0;
  private loading: Promise<SystemSettings> | null = null;
  /** Bumped by invalidate(), so a read that started before a change cannot put the old values back. */
  private generation = 0;
  readonly defaults: SystemSettings;
  private readonly db: Queryable & Partial<Pick<Db, 'inTransaction'>>;

  constructor(db: Queryable & Partial<Pick<Db, 'inTransaction'>>, config: Config) {
    this.db = db;
    this.defaults = settingsDefaults(config);
    this.copy = this.defaults;
  }

  /** The settings, read again when this copy is older than a few seconds. */
  async get(): Promise<SystemSettings> {
    if (Date.now() - this.loadedAt < FRESH_MS) return this.copy;
    // Inside a transaction the caller reads on its own, in the transaction, and keeps nothing: the shared read may have
    // been begun by another request or a change notice and be waiting for the embedded database's one connection,
    // which this transaction holds until the caller is answered (ADR 0061).
    if (this.db.inTransaction?.()) return (await readSettings(this.db, this.defaults)).settings;
    return this.load();
  }

  /** The last copy (the defaults before the first read), refreshed in the background when stale. */
  current(): SystemSettings {
    if (Date.now() - this.loadedAt >= FRESH_MS) void this.load().catch(() => undefined);
    return this.copy;
  }

  /**
   * Forgets the copy (a change was made): the next `get()` reads the table, and a read starts now in the background so
   * `current()` answers the new values within moments. A read begun before the change cannot put the old values back.
   */
  invalidate(): void {
    this.generation += 1;
    this.loadedAt = 0;
    this.loading = null;
    void this.load().catch(() => undefined);
  }

  load(): Promise<SystemSettings> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = readSettings(this.db, this.defaults)
      .then((stored): SystemSettings | Promise<SystemSettings> => {
        // A change arrived while this read was under way (another process's notice, say): what it read may be
        // older than the change, so it is not kept, and whoever waits on it waits for a read begun after the change.
        if (generation !== this.generation) return this.load();
        this.copy = stored.settings;
        this.loadedAt = Date.now();
        return stored.settings;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }
}
