import type { Queryable } from '../../db/client.ts';

/** Advisory lock key: system settings change one at a time. */
const SETTINGS_CHANGE_LOCK_KEY = 724_113_017;

export interface StoredSettingRow {
  key: string;
  value: unknown;
  updated_at: Date;
  /** The e-mail address of who set it last. */
  updated_by: string | null;
}

/** Every stored setting, the one changed last first. */
export async function findStoredSettingRows(db: Queryable): Promise<StoredSettingRow[]> {
  const res = await db.query<StoredSettingRow>(
    `select s.key, s.value, s.updated_at, u.email as updated_by
       from system_settings s left join users u on u.id = s.updated_by
      order by s.updated_at desc`,
  );
  return res.rows;
}

/** Holds, until the transaction ends, the lock that makes changes to the settings one at a time. */
export async function lockSettingsChanges(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [SETTINGS_CHANGE_LOCK_KEY]);
}

/** Stores one setting (inserted or replaced), with who set it. */
export async function upsertSetting(tx: Queryable, key: string, value: unknown, userId: string): Promise<void> {
  await tx.query(
    `insert into system_settings (key, value, updated_by, updated_at) values ($1, $2, $3, now())
         on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
    [key, JSON.stringify(value), userId],
  );
}
