import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { ESTIMATE_FRESH_MS, estimateRows } from './estimates.ts';
import { sql } from './sql.ts';

const above = (n: number) => sql`select 1 from estimated where n > ${n}`;

let db: Db;
beforeAll(async () => {
  db = await createDb({});
  await db.query('create table estimated (n int)');
  await db.query('insert into estimated select generate_series(1, 5000)');
  await db.query('analyze estimated');
});
afterAll(() => db.close());

describe('estimateRows', () => {
  it("answers the planner's estimate for these values, and remembers it until it is ESTIMATE_FRESH_MS old", async () => {
    const t0 = 1_000_000;
    const all = await estimateRows(db, above(0), t0);
    expect(all).toBeGreaterThan(4_000);
    expect(await estimateRows(db, above(4_990), t0)).toBeLessThan(100);

    await db.query('insert into estimated select generate_series(1, 45000)');
    await db.query('analyze estimated');
    expect(await estimateRows(db, above(0), t0 + ESTIMATE_FRESH_MS - 1)).toBe(all);
    expect(await estimateRows(db, above(0), t0 + ESTIMATE_FRESH_MS)).toBeGreaterThan(40_000);
  });
});
