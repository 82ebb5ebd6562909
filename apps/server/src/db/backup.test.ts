/**
 * `npm run db:backup` / `db:restore` round trip with real processes: a server writes through its API and stops, the
 * backup script makes one file, the restore script puts it into a fresh DATA_DIR, and a server started there (with
 * no secrets in its environment: the restored ones) signs the same user in and shows the same workflow. Both
 * scripts refuse while a server holds the directory, and a restore does not overwrite a database without --force.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openToOthers } from '../test/file-modes.ts';
import { ADMIN, call, startServer, stopProcessesAfterEach } from '../test/server-process.ts';

stopProcessesAfterEach();

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Runs scripts/<name>.ts as `npm run` would (Node 24, from the repository root) with DATA_DIR set. */
function script(name: string, dataDir: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', `${name}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', SECRET_KEY: '' },
    encoding: 'utf8',
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

// The embedded database's backup; a PostgreSQL server is backed up with pg_dump (docs/operations.md).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('db:backup and db:restore', () => {
  it('round-trips users, workflows and the secrets through one file, and refuses while a server runs', { timeout: 180_000 }, async () => {
    const source = tmp('portal-backup-src-');
    // No JWT_SECRET / SECRET_KEY in the environment: the server generates them into DATA_DIR/secrets.
    const env = { DATA_DIR: source, DATABASE_URL: '', JWT_SECRET: '', SECRET_KEY: '' };
    const first = await startServer(env);
    const { access_token: token } = await call<{ access_token: string }>(first.base, 'POST', '/api/auth/login', null, ADMIN);
    const user = await call<{ id: string }>(first.base, 'POST', '/api/admin/users', token, {
      email: 'kept@backup.example',
      password: 'Kept-Password-42',
      first_name: 'Kept',
      last_name: 'Through Backup',
      role: 'manager',
    });
    const wf = await call<{ id: string; name: string }>(first.base, 'POST', '/api/admin/workflows', token, {
      name: 'Survives a restore',
      description: 'Written before the backup',
    });
    const file = path.join(tmp('portal-backups-'), 'backups', 'portal.tar.gz'); // a folder the script makes

    // While the server runs: refused, naming the process, and nothing written.
    const busy = script('db-backup', source, ['--out', file]);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain(`in use by another process (pid ${first.child.pid})`);
    expect(busy.stderr).toContain('Stop the server first');
    expect(fs.existsSync(file)).toBe(false);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const made = script('db-backup', source, ['--out', file]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Backed up ${source} to ${file}`);
    expect(made.stdout).toMatch(/users 2\b/);
    expect(made.stdout).toContain('secrets: jwt_secret, secret_key');
    expect(fs.statSync(file).mode & 0o077).toBe(0); // it holds the secrets: the owner's only
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(openToOthers(source)).toEqual([]);

    const target = tmp('portal-backup-dst-');
    const restored = script('db-restore', target, [file]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${target}`);
    expect(fs.readFileSync(path.join(target, 'secrets', 'secret_key'), 'utf8')).toBe(fs.readFileSync(path.join(source, 'secrets', 'secret_key'), 'utf8'));
    expect(openToOthers(target)).toEqual([]);

    // A second restore into it is refused without --force and changes nothing.
    const again = script('db-restore', target, [file]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has a database');

    const second = await startServer({ ...env, DATA_DIR: target });
    const signedIn = await call<{ access_token: string; user: { id: string } }>(second.base, 'POST', '/api/auth/login', null, {
      email: 'kept@backup.example',
      password: 'Kept-Password-42',
    });
    expect(signedIn.user.id).toBe(user.id);
    const { access_token: adminToken } = await call<{ access_token: string }>(second.base, 'POST', '/api/auth/login', null, ADMIN);
    const back = await call<{ id: string; name: string; description: string }>(second.base, 'GET', `/api/admin/workflows/${wf.id}`, adminToken);
    expect(back).toMatchObject({ id: wf.id, name: 'Survives a restore', description: 'Written before the backup' });

    // While that server runs, a forced restore is refused too.
    const running = script('db-restore', target, [file, '--force']);
    expect(running.status).toBe(1);
    expect(running.stderr).toContain(`in use by another process (pid ${second.child.pid})`);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // Forced, the database that was there is set aside, not deleted.
    const forced = script('db-restore', target, [file, '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    const aside = fs.readdirSync(target).filter((f) => f.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(forced.stdout).toContain(aside[0]);

    // Not a backup: a clear refusal.
    const junk = path.join(tmp('portal-junk-'), 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tarball');
    const bad = script('db-restore', tmp('portal-backup-empty-'), [junk]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('is not a backup made by db:backup');
  });
});
