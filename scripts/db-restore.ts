// `npm run db:restore -- FILE [--force]`: the embedded database (DATA_DIR) and its secrets from a db:backup file.
// The server must be stopped. Without --force it only restores into a DATA_DIR without a database; with it, the
// current database is kept beside the restored one (pglite.before-restore-…). See docs/operations.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { restoreEmbedded } from '../apps/server/src/db/backup.ts';
import { createOwnerOnlyFromNowOn } from '../apps/server/src/security/owner-only.ts';

// The restored database and secrets are the owner's only (ADR 0038).
createOwnerOnlyFromNowOn();

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  process.stderr.write('DATABASE_URL is set: restore the PostgreSQL server with pg_restore (see docs/operations.md, "Data and backups").\n');
  process.exit(1);
}
const file = positionals[0];
if (!file) {
  process.stderr.write('Usage: npm run db:restore -- <backup file> [--force]\n');
  process.exit(1);
}
const dataDir = values['data-dir'] ?? config.dataDir;
try {
  const { manifest, previous } = await restoreEmbedded(file, dataDir, { force: values.force });
  const rows = Object.entries(manifest.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  process.stdout.write(`Restored ${path.resolve(file)} (taken ${manifest.created_at}) into ${path.resolve(dataDir)}\n  rows: ${rows}\n`);
  if (previous) process.stdout.write(`  the database that was there is kept in ${previous}\n`);
  process.stdout.write('Start the server as usual; it applies any newer migrations.\n');
} catch (err) {
  process.stderr.write(`Restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
