import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { build, run, sql } from './sql.ts';

describe('sql', () => {
  it('numbers the values in the order they appear, however the fragments nest', () => {
    const event = (type: string, at: Date) => sql`(${type}, ${at}::timestamptz)`;
    const at = new Date('2026-11-29T12:00:00Z');
    const statement = build(sql`insert into t (type, at) values ${event('a', at)}, ${event('b', at)} returning ${sql`id`}, ${7}::int as seven`);
    expect(statement).toEqual({
      text: 'insert into t (type, at) values ($1, $2::timestamptz), ($3, $4::timestamptz) returning id, $5::int as seven',
      values: ['a', at, 'b', at, 7],
    });
  });

  it('joins fragments with a separator, and leaves out an empty list', () => {
    const conditions = [sql`a = ${1}`, sql`b = ${'x'}`, sql`c is null`];
    expect(build(sql`select 1 where ${sql.join(conditions, ' and ')}`)).toEqual({ text: 'select 1 where a = $1 and b = $2 and c is null', values: [1, 'x'] });
    expect(build(sql`select 1${sql.join([], ' and ')}`)).toEqual({ text: 'select 1', values: [] });
    expect(build(sql`select 1 ${sql.empty}`)).toEqual({ text: 'select 1 ', values: [] });
  });

  it('writes an identifier only from its allow-list, and a value never as text', () => {
    expect(build(sql`order by ${sql.id('created_at', ['created_at', 'name'])}`).text).toBe('order by created_at');
    expect(() => sql.id('name; drop table users', ['created_at'])).toThrow('not an identifier this statement allows');
    expect(() => sql.id('Name"', ['Name"'])).toThrow('not a plain identifier');
    const hostile = "x'; drop table users; --";
    expect(build(sql`select * from users where email = ${hostile}`)).toEqual({ text: 'select * from users where email = $1', values: [hostile] });
  });

  it('makes a WHERE of the conditions that apply, and takes constant text only from the code', () => {
    expect(build(sql`select 1 from t ${sql.where([])}`)).toEqual({ text: 'select 1 from t ', values: [] });
    expect(build(sql`select 1 from t ${sql.where([sql`a = ${1}`, sql`b = ${2}`])}`)).toEqual({
      text: 'select 1 from t where a = $1 and b = $2',
      values: [1, 2],
    });
    const COLUMNS = 't.id, t.name';
    expect(build(sql`select ${sql.fixed(COLUMNS)} from t`).text).toBe('select t.id, t.name from t');
    const computed: string = ['t.id', 't.name'].join(', ');
    // @ts-expect-error a string computed at run time is not SQL text
    expect(build(sql`select ${sql.fixed(computed)} from t`).text).toBe('select t.id, t.name from t');
  });

  it('writes in a whole number or an allow-listed word only, so the plan is made for it', () => {
    expect(build(sql`select 1 from users where role = ${sql.known('viewer', ['viewer', 'admin'])} limit ${sql.int(25)} offset ${sql.int(0)}`)).toEqual({
      text: "select 1 from users where role = 'viewer' limit 25 offset 0",
      values: [],
    });
    expect(() => sql.int(1.5)).toThrow('not a whole number');
    expect(() => sql.int(Number.NaN)).toThrow('not a whole number');
    expect(() => sql.known("viewer' or true --", ['viewer'])).toThrow('not a value this statement allows');
    expect(() => sql.known("it's", ["it's"])).toThrow('not a plain word');
  });

  it('gives the same text for the same template, so the statement is prepared once', () => {
    const q = (v: number) => build(sql`select ${v}::int + ${sql`${v}::int`}`);
    expect(q(1).text).toBe(q(2).text);
  });

  describe('on the database', () => {
    let db: Db;
    beforeAll(async () => {
      db = await createDb({});
    });
    afterAll(() => db?.close());

    it('runs a composed statement with its values as parameters', async () => {
      const hostile = "x'); select pg_sleep(10); --";
      const res = await run<{ n: number; s: string }>(db, sql`select ${2}::int * ${sql`${21}::int`} as n, ${hostile}::text as s`);
      expect(res.rows).toEqual([{ n: 42, s: hostile }]);
    });

    it('runs a statement not to prepare, planned for its values, inside a transaction or not', async () => {
      const above = (n: number) => sql`select count(*)::int as n from generate_series(1, 100) g where g > ${n}`;
      expect((await run<{ n: number }>(db, above(90), { prepare: false })).rows).toEqual([{ n: 10 }]);
      expect((await db.transaction((tx) => run<{ n: number }>(tx, above(50), { prepare: false }))).rows).toEqual([{ n: 50 }]);
      expect((await run<{ n: number }>(db, above(5))).rows).toEqual([{ n: 95 }]);
      expect((await run<{ n: number }>(db, above(95), { prepare: false })).rows).toEqual([{ n: 5 }]);
    });
  });
});
