/**
 * Backup and restore of the embedded database (`npm run db:backup` / `npm run db:restore`, scripts/). A backup is one
 * `.tar.gz` holding `manifest.json` (when, from where, which migrations, row counts), `pglite.tar.gz` (PGlite's own
 * dump of its data directory, taken through the engine so it is consistent) and `secrets/` (the generated
 * jwt_secret and secret_key: the database's encrypted values need the same SECRET_KEY). Both need the server stopped:
 * they open the data directory themselves, and its lock refuses them while a server holds it.
 * A PostgreSQL server is backed up with its own tools (pg_dump; docs/operations.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { createDb, dataDirHolder, PgliteDb } from './client.ts';

export const BACKUP_FORMAT = 'admin-portal-embedded-backup/1';
const SECRET_FILES = ['jwt_secret', 'secret_key'];
/** Tables whose row counts the manifest records, and a restore checks. */
const COUNTED_TABLES = ['organizations', 'users', 'workflows', 'applications', 'audit_logs'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  data_dir: string;
  migrations: string[];
  rows: Record<string, number>;
  secrets: string[];
}

async function countRows(db: { query: PgliteDb['query'] }): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const exists = await db.query<{ t: string | null }>('select to_regclass($1)::text as t', [table]);
    if (!exists.rows[0]?.t) continue;
    rows[table] = (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  }
  return rows;
}

/** Opens the embedded database in `dataDir` for maintenance; refuses (with the holder's pid) while a server has it open. */
async function openEmbedded(dataDir: string, loadDataDir?: Blob): Promise<PgliteDb> {
  try {
    const db = await createDb({ dataDir, loadDataDir });
    return db as PgliteDb;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (message.includes('in use by another process')) {
      throw new Error(`${message}\nStop the server first (SIGTERM, and wait for it to exit), then run this again.`, { cause: err });
    }
    throw err;
  }
}

/** Writes a backup of the embedded database in `dataDir` to `outFile`; answers its manifest. */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<BackupManifest> {
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) throw new Error(`There is no embedded database in ${path.resolve(dataDir)} (no pglite/ folder).`);
  const db = await openEmbedded(dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  try {
    const migrations = (await db.query<{ name: string }>('select name from schema_migrations order by name')).rows.map((r) => r.name);
    const rows = await countRows(db);
    const dump = await db.dumpDataDir();
    fs.writeFileSync(path.join(work, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    const secrets: string[] = [];
    for (const name of SECRET_FILES) {
      const file = path.join(dataDir, 'secrets', name);
      if (!fs.existsSync(file)) continue;
      fs.mkdirSync(path.join(work, 'secrets'), { recursive: true, mode: 0o700 });
      fs.copyFileSync(file, path.join(work, 'secrets', name));
      secrets.push(name);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      data_dir: path.resolve(dataDir),
      migrations,
      rows,
      secrets,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true, mode: 0o700 }); // folders it makes: the owner's only
    const partial = `${outFile}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, ['manifest.json', 'pglite.tar.gz', ...secrets.map((s) => `secrets/${s}`)]);
    fs.chmodSync(partial, 0o600); // it holds the secrets
    fs.renameSync(partial, outFile);
    return manifest;
  } finally {
    await db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Reads a backup file's manifest and dump into a temporary folder (removed by the caller). */
async function unpack(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${path.resolve(file)}.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  try {
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${path.resolve(file)} is not a backup made by db:backup (${err instanceof Error ? err.message : String(err)}).`, { cause: err });
  }
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest) : null;
  if (manifest?.format !== BACKUP_FORMAT || !fs.existsSync(path.join(dir, 'pglite.tar.gz'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${path.resolve(file)} is not a backup made by db:backup (no ${BACKUP_FORMAT} manifest).`);
  }
  return { dir, manifest };
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database that was there before went (with --force), or null. */
  previous: string | null;
}

/**
 * Restores a backup into `dataDir`. Refuses while a server holds the directory, and when it already has a database
 * unless `force` (then the old one is kept beside it as `pglite.before-restore-<time>/`, never deleted). Checks the
 * restored database's row counts against the manifest before it answers.
 */
export async function restoreEmbedded(file: string, dataDir: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const { dir, manifest } = await unpack(file);
  try {
    const target = path.join(dataDir, 'pglite');
    // Refuse before touching anything while a server runs on it.
    const holder = dataDirHolder(dataDir);
    if (holder !== null) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another process (pid ${holder}).\nStop the server first (SIGTERM, and wait for it to exit), then run this again.`,
      );
    }
    const hasDatabase = fs.existsSync(target) && fs.readdirSync(target).length > 0;
    if (hasDatabase && !options.force) {
      throw new Error(
        `${path.resolve(dataDir)} already has a database. Restore into an empty DATA_DIR, or add --force to set the current one aside (kept as pglite.before-restore-…) and restore over it.`,
      );
    }
    let previous: string | null = null;
    if (hasDatabase) {
      previous = path.join(dataDir, `pglite.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      fs.renameSync(target, previous);
    } else {
      fs.rmSync(target, { recursive: true, force: true });
    }
    const dump = new Blob([fs.readFileSync(path.join(dir, 'pglite.tar.gz'))]);
    const db = await openEmbedded(dataDir, dump);
    try {
      const rows = await countRows(db);
      for (const [table, n] of Object.entries(manifest.rows)) {
        if (rows[table] !== n) throw new Error(`The restored database has ${rows[table] ?? 0} rows in ${table}, the backup recorded ${n}.`);
      }
    } finally {
      await db.close();
    }
    for (const name of manifest.secrets) {
      const to = path.join(dataDir, 'secrets', name);
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      if (fs.existsSync(to) && fs.readFileSync(to, 'utf8') !== fs.readFileSync(path.join(dir, 'secrets', name), 'utf8')) {
        fs.renameSync(to, `${to}.before-restore-${Date.now()}`);
      }
      fs.copyFileSync(path.join(dir, 'secrets', name), to);
      fs.chmodSync(to, 0o600);
    }
    return { manifest, previous };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
