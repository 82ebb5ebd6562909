import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../test/harness.ts';
import { createDb, processStartTime } from './client.ts';

let ctx: TestContext;
const onPglite = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.exec(
    'create table test_counter (id int primary key, n int not null); create table test_items (id serial primary key, label text not null unique)',
  );
});
afterAll(() => ctx.close());

describe('concurrent requests through the API', () => {
  let org: { id: string };
  let admin: TestUser;
  let superAdmin: TestUser;
  let existing: TestUser[];
  beforeAll(async () => {
    org = await ctx.createOrg('Concurrency Org');
    admin = await ctx.createUser('admin', org.id);
    superAdmin = await ctx.createUser('super_admin', org.id);
    existing = [];
    for (let i = 0; i < 100; i += 1) existing.push(await ctx.createUser('viewer', org.id, { email: `existing.${i}@concurrency.example` }));
    await ctx.headers(admin);
    await ctx.headers(superAdmin);
  });

  it('200 parallel writes (user and organization creations, permission grants, updates) with interleaved reads all succeed and all land', async () => {
    // Creating a user hashes a password (deliberately slow), so a quarter of the writes are creations and the rest cheaper writes.
    const writes = Array.from({ length: 200 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return ctx.as(admin, {
            method: 'POST',
            url: '/api/admin/users',
            payload: { email: `bulk.${i}@concurrency.example`, password: 'Bulk-Pass-123', first_name: 'Bulk', last_name: `User ${i}`, role: 'viewer' },
          });
        case 1:
          return ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: `Bulk Org ${i}` } });
        case 2:
          return ctx.as(admin, { method: 'POST', url: `/api/admin/users/${existing[(i - 2) / 2]!.id}/permissions`, payload: { permission: 'manage_tools' } });
        default:
          return ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${existing[(i - 3) / 2]!.id}`, payload: { first_name: `Updated ${i}` } });
      }
    });
    const reads = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? ctx.as(admin, { method: 'GET', url: '/api/admin/users?limit=5&q=bulk' })
        : ctx.as(superAdmin, { method: 'GET', url: '/api/admin/organizations?limit=5' }),
    );
    const [written, read] = await Promise.all([Promise.all(writes), Promise.all(reads)]);

    expect(written.map((r, i) => `${i}:${r.statusCode}`)).toEqual(written.map((_, i) => `${i}:${i % 4 < 2 ? 201 : 200}`));
    expect(read.map((r) => r.statusCode)).toEqual(Array(100).fill(200));

    const users = await ctx.db.query<{ email: string }>("select email from users where email like 'bulk.%@concurrency.example'");
    expect(users.rows.map((r) => r.email).sort()).toEqual(Array.from({ length: 50 }, (_, k) => `bulk.${k * 4}@concurrency.example`).sort());
    const orgs = await ctx.db.query<{ name: string }>("select name from organizations where name like 'Bulk Org %'");
    expect(orgs.rows.map((r) => r.name).sort()).toEqual(Array.from({ length: 50 }, (_, k) => `Bulk Org ${k * 4 + 1}`).sort());
    const granted = await ctx.db.query<{ n: number }>(
      "select count(*)::int as n from users where email like 'existing.%' and permissions = array['manage_tools']",
    );
    expect(granted.rows[0]!.n).toBe(50);
    const updated = await ctx.db.query<{ n: number }>("select count(*)::int as n from users where email like 'existing.%' and first_name like 'Updated %'");
    expect(updated.rows[0]!.n).toBe(50);
    const audit = await ctx.db.query<{ n: number }>(
      "select count(*)::int as n from audit_logs where action in ('user.create', 'organization.create', 'user.permission_add', 'user.update')",
    );
    expect(audit.rows[0]!.n).toBe(200);
    expect((await ctx.as(admin, { method: 'GET', url: '/api/admin/users?q=bulk.&limit=1' })).json().total).toBe(50);
  });
});

describe('transactions', () => {
  it('200 parallel read-then-write transactions with a row lock end at exactly 200', async () => {
    await ctx.db.query('insert into test_counter (id, n) values (1, 0)');
    await Promise.all(
      Array.from({ length: 200 }, () =>
        ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('select n from test_counter where id = 1 for update');
          await tx.query('update test_counter set n = $1 where id = 1', [rows[0]!.n + 1]);
        }),
      ),
    );
    const { rows } = await ctx.db.query<{ n: number }>('select n from test_counter where id = 1');
    expect(rows[0]!.n).toBe(200);
  });

  it.runIf(onPglite)('on PGlite, transactions never interleave: 200 plain read-then-write increments end at exactly 200', async () => {
    await ctx.db.query('insert into test_counter (id, n) values (2, 0)');
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, () =>
        ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('select n from test_counter where id = 2');
          await new Promise((resolve) => setImmediate(resolve)); // give other requests every chance to cut in
          await tx.query('update test_counter set n = $1 where id = 2', [rows[0]!.n + 1]);
          seen.push(rows[0]!.n);
        }),
      ),
    );
    const { rows } = await ctx.db.query<{ n: number }>('select n from test_counter where id = 2');
    expect(rows[0]!.n).toBe(200);
    // Each transaction saw the previous one's write, in order.
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('a query outside a transaction never sees, nor joins, an open transaction', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const tx = ctx.db
      .transaction(async (t) => {
        await t.query("insert into test_items (label) values ('uncommitted')");
        inserted();
        await paused;
        throw new Error('roll it back');
      })
      .catch((err: Error) => err);
    await didInsert;
    const outside = ctx.db.query<{ n: number }>("select count(*)::int as n from test_items where label = 'uncommitted'");
    // Let the outside query start (PostgreSQL) or queue (PGlite) before the transaction ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(((await tx) as Error).message).toBe('roll it back');
    expect((await outside).rows[0]!.n).toBe(0);
    expect((await ctx.db.query<{ n: number }>("select count(*)::int as n from test_items where label = 'uncommitted'")).rows[0]!.n).toBe(0);
  });

  it('work begun inside a transaction and still running after it ended opens transactions of its own', async () => {
    // A background task started inside a transaction keeps it in its async context after COMMIT.
    let later!: Promise<unknown>;
    await ctx.db.transaction(async () => {
      expect(ctx.db.inTransaction()).toBe(true);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(async () => {
        const inside = ctx.db.inTransaction();
        const rolledBack = await ctx.db
          .transaction(async (tx) => {
            await tx.query("insert into test_items (label) values ('after-commit')");
            throw new Error('roll this one back');
          })
          .catch((err: Error) => err.message);
        return { inside, rolledBack };
      });
    });
    expect(ctx.db.inTransaction()).toBe(false);
    expect(await later).toEqual({ inside: false, rolledBack: 'roll this one back' });
    // Its own transaction rolled back: the insert never ran on the connection the first one had given back.
    expect((await ctx.db.query("select 1 from test_items where label = 'after-commit'")).rows).toEqual([]);
  });

  it('a failing transaction rolls back every write, and the database stays usable', async () => {
    await ctx.db.query('insert into test_counter (id, n) values (3, 0)');
    const err = await ctx.db
      .transaction(async (tx) => {
        await tx.query("insert into test_items (label) values ('first'), ('second')");
        await tx.query('update test_counter set n = 99 where id = 3');
        // Nested: the same transaction.
        await ctx.db.transaction(async (inner) => {
          await inner.query("insert into test_items (label) values ('nested')");
          await ctx.db.query("insert into test_items (label) values ('via db.query inside')");
        });
        await tx.query("insert into test_items (label) values ('first')"); // unique violation
      })
      .catch((e: Error & { code?: string }) => e);
    expect((err as { code?: string }).code).toBe('23505');
    const items = await ctx.db.query("select label from test_items where label in ('first', 'second', 'nested', 'via db.query inside')");
    expect(items.rows).toEqual([]);
    expect((await ctx.db.query<{ n: number }>('select n from test_counter where id = 3')).rows[0]!.n).toBe(0);

    // An application error rolls back the same way.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query("insert into test_items (label) values ('app-error')");
        throw new Error('business rule');
      }),
    ).rejects.toThrow('business rule');
    expect((await ctx.db.query("select 1 from test_items where label = 'app-error'")).rows).toEqual([]);

    // Still usable, in and out of transactions.
    await ctx.db.transaction((tx) => tx.query("insert into test_items (label) values ('after')"));
    expect((await ctx.db.query("select label from test_items where label = 'after'")).rows).toEqual([{ label: 'after' }]);
  });

  it('runs a whole script in a transaction (a migration): several statements, a PL/pgSQL body, rolled back with it', async () => {
    const script = `
      -- A comment; with a semicolon.
      create table test_script (id int primary key, note text);
      create function test_script_note() returns trigger language plpgsql as $$
      begin
        new.note := coalesce(new.note, 'noted');
        return new;
      end;
      $$;
      create trigger test_script_note before insert on test_script for each row execute function test_script_note();
      insert into test_script (id) values (1);`;
    const failed = await ctx.db
      .transaction(async (tx) => {
        await tx.exec(script);
        expect((await tx.query('select note from test_script')).rows).toEqual([{ note: 'noted' }]);
        throw new Error('roll it back');
      })
      .catch((e: Error) => e);
    expect(failed).toHaveProperty('message', 'roll it back');
    expect((await ctx.db.query(`select to_regclass('test_script') as t`)).rows).toEqual([{ t: null }]);

    // Committed, it stays; statements prepared before the script still run after it.
    await ctx.db.query('select n from test_counter where id = $1', [3]);
    await ctx.db.transaction((tx) => tx.exec(script));
    expect((await ctx.db.query<{ id: number; note: string }>('select id, note from test_script where id = $1', [1])).rows).toEqual([{ id: 1, note: 'noted' }]);
    expect((await ctx.db.query<{ n: number }>('select n from test_counter where id = $1', [3])).rows).toEqual([{ n: 0 }]);
  });

  it('a refused request leaves no partial write behind', async () => {
    const org = await ctx.createOrg();
    const admin = await ctx.createUser('admin', org.id);
    const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
    const res = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: admin.email, password: 'Whatever-123', first_name: 'A', last_name: 'B', role: 'viewer' },
    });
    expect(res.statusCode).toBe(409);
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n).toBe(before);
  });
});

describe('the embedded database directory', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-test-'));
  });
  afterAll(() => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(child.pid);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dir, 'portal.lock');

  it('holds a lock file with this pid while open, refuses a second opening, and frees it on close', async () => {
    const db = await createDb({ dataDir: dir });
    try {
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
      await db.query('create table kept (v text)');
      await db.query("insert into kept values ('persisted')");
      await expect(createDb({ dataDir: dir })).rejects.toThrow(/already open in this process/);
      // The refused attempt did not take the lock away.
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
      expect((await db.query('select v from kept')).rows).toEqual([{ v: 'persisted' }]);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('refuses a data directory held by another live process, with a clear message', async () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid!;
    fs.writeFileSync(lockFile(), String(pid));
    const err = await createDb({ dataDir: dir }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        'Stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(pid));

    // Its lock as this version writes it (with the start time) is refused the same way.
    fs.writeFileSync(lockFile(), `${pid} ${processStartTime(pid)}`);
    await expect(createDb({ dataDir: dir })).rejects.toThrow(`in use by another process (pid ${pid})`);
    // A lock naming a live pid with another start time was written by a process that died; the pid went to another.
    fs.writeFileSync(lockFile(), `${pid} 1`);
    const taken = await createDb({ dataDir: dir });
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    await taken.close();
    fs.writeFileSync(lockFile(), String(pid));

    // Once that process is gone, its lock is stale and is taken over.
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    process.kill(pid);
    await exited;
    const db = await createDb({ dataDir: dir });
    try {
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
      // The data written before is still there.
      expect((await db.query('select v from kept')).rows).toEqual([{ v: 'persisted' }]);
    } finally {
      await db.close();
    }
  });
});
