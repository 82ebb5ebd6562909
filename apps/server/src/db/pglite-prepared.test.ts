import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, PreparedStatements } from './pglite-prepared.ts';

let pglite: PGlite;
let statements: PreparedStatements;
beforeAll(async () => {
  pglite = await PGlite.create();
  statements = new PreparedStatements(pglite);
  await pglite.exec(`create table items (id int primary key, label text not null constraint items_label_key unique, tags text[], doc jsonb, at timestamptz)`);
});
afterAll(() => pglite.close());

describe('prepared statements on the embedded database', () => {
  it("answers exactly what PGlite's query answers, for every kind of value both ways", async () => {
    const at = new Date('2026-03-04T05:06:07.891Z');
    const insert = `insert into items (id, label, tags, doc, at) values ($1, $2, $3, $4, $5) returning *`;
    const mine = await statements.query(insert, [1, "it's", ['a', 'b,c'], { k: [1, null] }, at]);
    const theirs = await pglite.query(insert, [2, 'two', ['a', 'b,c'], { k: [1, null] }, at]);
    expect(mine.rows).toEqual([{ id: 1, label: "it's", tags: ['a', 'b,c'], doc: { k: [1, null] }, at }]);
    expect(mine.affectedRows).toBe(theirs.affectedRows);
    const select = `select id, label, tags, doc, at, $2::text as echoed, $3::int[] as nums from items where id = $1`;
    expect((await statements.query(select, [1, null, [1, 2]])).rows).toEqual([{ id: 1, label: "it's", tags: ['a', 'b,c'], doc: { k: [1, null] }, at, echoed: null, nums: [1, 2] }]);
    expect((await statements.query(select, [2, 'x', []])).rows).toEqual((await pglite.query(select, [2, 'x', []])).rows);
    // Without a parameter list: sent as it is, in one trip.
    expect((await statements.query(`select count(*)::int as n from items`, undefined)).rows).toEqual([{ n: 2 }]);
    const update = await statements.query(`update items set label = label || '!' where id > $1`, [0]);
    expect(update.affectedRows).toBe(2);
  });

  it('prepares a text once and only binds it after', async () => {
    const before = statements.size;
    for (let i = 0; i < 5; i += 1) await statements.query(`select $1::int + 1 as n`, [i]);
    expect(statements.size).toBe(before + 1);
    const held = await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement = 'select $1::int + 1 as n'`);
    expect(held.rows[0]!.n).toBe(1);
  });

  it("fails with PostgreSQL's error fields, keeps nothing of a failed preparation, and the session goes on", async () => {
    const duplicate = await statements.query(`insert into items (id, label) values ($1, $2)`, [3, "it's!"]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_label_key' });
    const before = statements.size;
    const syntax = await statements.query(`selec $1`, [1]).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect(statements.size).toBe(before);
    // Inside a transaction: the failure aborts it, as always, and ROLLBACK ends it.
    await statements.query('BEGIN', undefined);
    await expect(statements.query(`select 1 / $1::int`, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(statements.query(`select 1`, undefined)).rejects.toMatchObject({ code: '25P02' });
    await statements.query('ROLLBACK', undefined);
    expect((await statements.query(`select count(*)::int as n from items where id = $1`, [1])).rows).toEqual([{ n: 1 }]);
  });

  it('prepares again a statement whose table changed shape since', async () => {
    const select = `select * from items where id = $1`;
    expect(Object.keys((await statements.query(select, [1])).rows[0]!)).not.toContain('extra');
    await pglite.query(`alter table items add column extra int default 7`);
    expect((await statements.query(select, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
  });

  it('forgets every statement after a script, and sends texts unnamed past the cap', async () => {
    await statements.query(`select $1::int as n`, [1]);
    await statements.forget();
    expect(statements.size).toBe(0);
    expect((await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n).toBe(0);
    for (let i = 0; i < MAX_PREPARED; i += 1) await statements.query(`select $1::int + ${i} as n`, [1]);
    expect(statements.size).toBe(MAX_PREPARED);
    expect((await statements.query(`select $1::int * 2 as n`, [21])).rows).toEqual([{ n: 42 }]);
    expect(statements.size).toBe(MAX_PREPARED);
  });
});
