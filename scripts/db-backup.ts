// `npm run db:backup [-- --out FILE]`: one file holding the embedded database (DATA_DIR) and its generated secrets.
// The server must be stopped. See docs/operations.md ("Data and backups"); PostgreSQL servers use pg_dump.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { backupEmbedded } from '../apps/server/src/db/backup.ts';
import { createOwnerOnlyFromNowOn, tightenModes } from '../apps/server/src/security/owner-only.ts';

// A backup holds the database and its secrets: what this writes is the owner's only (ADR 0038).
createOwnerOnlyFromNowOn();

const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  process.stderr.write('DATABASE_URL is set: back up the PostgreSQL server with pg_dump (see docs/operations.md, "Data and backups").\n');
  process.exit(1);
}
const dataDir = values['data-dir'] ?? config.dataDir;
const out = values.out ?? path.join('backups', `portal-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
// The default folder is this command's own: one an older version made readable to others is closed too.
if (!values.out) tightenModes('backups');
try {
  const manifest = await backupEmbedded(dataDir, out);
  const rows = Object.entries(manifest.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  process.stdout.write(
    `Backed up ${path.resolve(dataDir)} to ${path.resolve(out)}\n  ${manifest.migrations.length} migrations; rows: ${rows}; secrets: ${manifest.secrets.join(', ') || 'none (set in the environment)'}\n`,
  );
} catch (err) {
  process.stderr.write(`Backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
