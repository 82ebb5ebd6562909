import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;
const LOCK_KEY = 724_113_001; // any constant: serialises migrations when several processes start on one PostgreSQL

export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** Applies the committed SQL migrations not yet recorded, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied: string[] = [];
  for (const file of migrationFiles()) {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const done = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const seen = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (seen.rows.length > 0) return false;
      // The whole file as one script: PL/pgSQL bodies, dollar quotes and comments need no care about semicolons.
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

export async function pendingMigrations(db: Db): Promise<string[]> {
  const res = await db.query<{ name: string }>('select name from schema_migrations');
  const seen = new Set(res.rows.map((r) => r.name));
  return migrationFiles().filter((f) => !seen.has(f));
}
