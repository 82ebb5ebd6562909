import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';

let engine: PgliteThread;
beforeAll(async () => {
  engine = await PgliteThread.start({ dataDir: undefined });
});
afterAll(() => engine.close());

describe('the embedded database on its own thread', () => {
  it('answers rows with their types as PGlite makes them: dates, arrays, json, bytes, numbers, nulls', async () => {
    const res = await engine.query<Record<string, unknown>>(
      `select '2026-03-04T05:06:07.891Z'::timestamptz as at, array['a','b'] as list, '{"k":[1,2]}'::jsonb as doc,
              '\\x0102ff'::bytea as bytes, 42::int as n, 1.5::float8 as f, null::text as nothing, $1::text as echoed`,
      ["it's"],
    );
    expect(res.rows[0]).toEqual({
      at: new Date('2026-03-04T05:06:07.891Z'),
      list: ['a', 'b'],
      doc: { k: [1, 2] },
      bytes: new Uint8Array([1, 2, 255]),
      n: 42,
      f: 1.5,
      nothing: null,
      echoed: "it's",
    });
  });

  it("fails a query with PostgreSQL's error fields on the error, and keeps answering after", async () => {
    await engine.exec('create table uniq (v int constraint uniq_v_key unique)');
    await engine.query('insert into uniq values ($1)', [1]);
    const err = await engine.query('insert into uniq values ($1)', [1]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'uniq_v_key' });
    expect((err as Error).message).toContain('duplicate key');
    expect((await engine.query<{ n: number }>('select count(*)::int as n from uniq')).rows[0]!.n).toBe(1);
  });

  it('delivers notifications to the listener until it stops listening', async () => {
    const heard: string[] = [];
    const unlisten = await engine.listen('thread_test', (payload) => heard.push(payload));
    await engine.query("select pg_notify('thread_test', 'one')");
    await expect.poll(() => heard).toEqual(['one']);
    await unlisten();
    await engine.query("select pg_notify('thread_test', 'two')");
    await engine.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it('dumps its data and opens a new database from the dump', async () => {
    await engine.exec("create table kept (v text); insert into kept values ('still here')");
    const copy = await PgliteThread.start({ dataDir: undefined, loadDataDir: await engine.dumpDataDir() });
    try {
      expect((await copy.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses every query once closed, with a clear error', async () => {
    const short = await PgliteThread.start({ dataDir: undefined });
    await short.close();
    await expect(short.query('select 1')).rejects.toThrow(/thread stopped/);
  });
});
