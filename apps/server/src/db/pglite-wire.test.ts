import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';
import { MAX_PREPARED } from './pglite-wire.ts';

// The engine on its thread, spoken to in wire messages; PGlite's own `query` in this thread as the reference.
let engine: PgliteThread;
let reference: PGlite;
const TABLE = `create table items (id int primary key, label text not null constraint items_label_key unique, tags text[],
  doc jsonb, at timestamptz, bytes bytea, flag boolean, amount numeric, big bigint)`;
beforeAll(async () => {
  engine = await PgliteThread.start({ dataDir: undefined });
  reference = await PGlite.create();
  await engine.exec(TABLE);
  await reference.exec(TABLE);
});
afterAll(async () => {
  await engine.close();
  await reference.close();
});

const preparedCount = async (text: string) =>
  (await engine.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement = $1`, [text])).rows[0]!.n;

describe('statements as wire messages on the embedded database', () => {
  it("answers exactly what PGlite's query answers, for every kind of value both ways", async () => {
    const at = new Date('2026-03-04T05:06:07.891Z');
    const insert = `insert into items (id, label, tags, doc, at, bytes, flag, amount, big) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    const values = [1, "it's", ['a', 'b,c', 'd"e'], { k: [1, null], s: 'x' }, at, new Uint8Array([1, 2, 255]), true, '12.50', 9007199254740993n];
    const mine = await engine.query(insert, values);
    const theirs = await reference.query(insert, values);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]).toMatchObject({
      id: 1,
      label: "it's",
      tags: ['a', 'b,c', 'd"e'],
      doc: { k: [1, null], s: 'x' },
      at,
      bytes: new Uint8Array([1, 2, 255]),
      flag: true,
    });
    expect(mine.affectedRows).toBe(theirs.affectedRows);
    const select = `select id, label, tags, doc, at, $2::text as echoed, $3::int[] as nums, null::text as nothing, 1.5::float8 as f from items where id = $1`;
    for (const params of [
      [1, null, [1, 2]],
      [1, 'x', []],
      [2, 'none', [3]],
    ]) {
      expect((await engine.query(select, params)).rows).toEqual((await reference.query(select, params)).rows);
    }
    // Without a parameter list: sent as it is.
    expect((await engine.query(`select count(*)::int as n from items`)).rows).toEqual([{ n: 1 }]);
    expect((await engine.query(`update items set label = label || '!' where id > $1`, [0])).affectedRows).toBe(1);
    expect((await engine.query(`select id from items where id < 0`)).rows).toEqual([]);
  });

  it('prepares a text once and then only binds it', async () => {
    const text = `select $1::int + 1 as n`;
    for (let i = 0; i < 5; i += 1) expect((await engine.query(text, [i])).rows).toEqual([{ n: i + 1 }]);
    expect(await preparedCount(text)).toBe(1);
  });

  it("fails with PostgreSQL's error fields, keeps nothing of a failed preparation, and the session goes on", async () => {
    const duplicate = await engine.query(`insert into items (id, label) values ($1, $2)`, [3, "it's!"]).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_label_key', table: 'items', severity: 'ERROR' });
    expect((duplicate as Error).message).toContain('duplicate key');
    expect((duplicate as Error).stack).toContain('pglite-wire.test.ts');
    const syntax = await engine.query(`selec $1`, [1]).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect(engine.sendsAtOnce(`selec $1`, [1])).toBe(false);
    // Inside a transaction: the failure aborts it, as always, and ROLLBACK ends it.
    await engine.query('BEGIN');
    await expect(engine.query(`select 1 / $1::int`, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(engine.query(`select 1`)).rejects.toMatchObject({ code: '25P02' });
    await engine.query('ROLLBACK');
    expect((await engine.query(`select count(*)::int as n from items where id = $1`, [1])).rows).toEqual([{ n: 1 }]);
  });

  it('hands notifications to the channel listening, from a statement or a transaction, until it stops', async () => {
    const heard: string[] = [];
    const unlisten = await engine.listen('Wire_Channel', (payload) => heard.push(payload));
    await engine.query(`select pg_notify($1, $2)`, ['Wire_Channel', 'one']);
    await engine.query('BEGIN');
    await engine.query(`select pg_notify($1, $2)`, ['Wire_Channel', 'two']);
    expect(heard).toEqual(['one']);
    await engine.query('COMMIT');
    expect(heard).toEqual(['one', 'two']);
    await unlisten();
    await engine.query(`select pg_notify($1, $2)`, ['Wire_Channel', 'three']);
    expect(heard).toEqual(['one', 'two']);
  });

  it('forgets every statement after a script, and past the cap prepares a text for its one run', async () => {
    await engine.query(`select $1::int as n`, [1]);
    await engine.exec('analyze items');
    expect((await engine.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n).toBe(0);
    for (let i = 0; i < MAX_PREPARED; i += 1) await engine.query(`select $1::int + ${i} as n`, [1]);
    expect(engine.sendsAtOnce(`select $1::int + 7 as n`, [1])).toBe(true);
    const before = (await engine.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;
    expect((await engine.query(`select $1::int * 2 as n`, [21])).rows).toEqual([{ n: 42 }]);
    expect(engine.sendsAtOnce(`select $1::int * 2 as n`, [21])).toBe(false);
    // Prepared for its one run and closed after.
    expect((await engine.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n).toBe(before);
    await engine.exec('select 1');
  });

  it('prepares a statement not to prepare for its one run only, every time', async () => {
    const count = async () => (await engine.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;
    const before = await count();
    for (const n of [1, 2]) {
      expect(engine.sendsAtOnce(`select $1::int - 1 as n`, [n], { prepare: false })).toBe(false);
      expect((await engine.query(`select $1::int - 1 as n`, [n], { prepare: false })).rows).toEqual([{ n: n - 1 }]);
    }
    expect(await count()).toBe(before);
  });
});

describe('the embedded database behind PgliteDb', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({});
    await db.exec('create table wire_log (id serial primary key, v int not null)');
  });
  afterAll(() => db.close());

  it('prepares again a statement whose table changed shape since', async () => {
    const select = `select * from wire_log where id > $1 order by id limit 1`;
    await db.query(`insert into wire_log (v) values ($1)`, [1]);
    expect(Object.keys((await db.query(select, [0])).rows[0]!)).toEqual(['id', 'v']);
    await db.query(`alter table wire_log add column extra int default 7`);
    expect((await db.query(select, [0])).rows[0]).toEqual({ id: 1, v: 1, extra: 7 });
    await db.query(`alter table wire_log drop column extra`);
  });

  it('never lets a statement sent beside a transaction land inside it, first-time texts included', async () => {
    await db.query('truncate wire_log');
    // Transactions that write and roll back, while statements (half of them texts never seen, which are prepared
    // first) write on their own: every one of those must stay, and nothing of the rolled-back ones.
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i += 1) {
      work.push(
        db
          .transaction(async (tx) => {
            await tx.query(`insert into wire_log (v) values ($1)`, [-1]);
            await new Promise((resolve) => setTimeout(resolve, 1));
            await tx.query(`insert into wire_log (v) values ($1)`, [-1]);
            throw new Error('roll back');
          })
          .catch(() => undefined),
      );
      work.push(db.query(i % 2 === 0 ? `insert into wire_log (v) values ($1) /* ${i} */` : `insert into wire_log (v) values ($1)`, [i]));
    }
    await Promise.all(work);
    const rows = (await db.query<{ v: number }>(`select v from wire_log order by v`)).rows.map((r) => r.v);
    expect(rows).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });
});
