/**
 * The database the server runs on: the interfaces every module uses (`Db`, `Queryable`, `Transaction`) and `createDb`,
 * which opens the embedded database (pglite-db.ts) or a PostgreSQL server (postgres-db.ts).
 */
import path from 'node:path';
import pg from 'pg';
import { tightenModes, type Tightened } from '../security/owner-only.ts';
import { releaseDataDirLock, takeDataDirLock } from './data-dir-lock.ts';
import { PgliteDb } from './pglite-db.ts';
import { PgliteThread } from './pglite-thread.ts';
import { PostgresDb } from './postgres-db.ts';
import type { Db } from './db-types.ts';

export { dataDirHolder, processStartTime } from './data-dir-lock.ts';
export { PgliteDb } from './pglite-db.ts';
export type { Db, PoolStats, QueryResult, Queryable, Transaction, Unlisten } from './db-types.ts';

export interface DbOptions {
  /** PostgreSQL connection string; unset = embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset with no databaseUrl = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (tests run each suite in a fresh schema). */
  schema?: string;
  poolSize?: number;
  /** PGlite: a tarball from `dumpDataDir()` to create the data directory from (a restore). */
  loadDataDir?: Blob;
  /**
   * PGlite in a folder: told when the folder held files or folders the group or others could open (an install from
   * before ADR 0038, a copy made with loose modes), after they were made owner-only, or could not be.
   */
  onLooseModes?: (found: Tightened) => void;
}

export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    pool.on('error', () => undefined); // an idle client's error must not crash the process; the next query reports it
    await pool.query('select 1');
    return new PostgresDb(pool, options.databaseUrl, options.schema);
  }
  const lockFile = options.dataDir ? takeDataDirLock(options.dataDir) : undefined;
  try {
    // Owner-only data (ADR 0038): what an earlier run left open is closed before the engine reads it...
    if (options.dataDir) {
      const found = tightenModes(options.dataDir);
      if (found.tightened > 0 || found.failed.length > 0) options.onLooseModes?.(found);
    }
    // On a worker thread of its own (pglite-thread.ts), with pg_trgm for the lists' free-text indexes.
    const engine = await PgliteThread.start({ dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined, loadDataDir: options.loadDataDir });
    // ...and what the engine wrote while opening (a first start's whole data directory comes out 0666) right after.
    if (options.dataDir) tightenModes(options.dataDir);
    return new PgliteDb(engine, lockFile, options.dataDir);
  } catch (err) {
    if (lockFile) releaseDataDirLock(lockFile);
    throw err;
  }
}
