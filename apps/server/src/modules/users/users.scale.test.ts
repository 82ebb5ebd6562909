import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { ESTIMATE_THRESHOLD, LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { SEARCH_WALK_ROWS } from '../../http/list-filter.ts';
import { TEXT_SAMPLE_MIN_TABLE_ROWS } from '../../db/text-sample.ts';

/**
 * The list's large-table paths (migration 0013, users.queries.ts): free text found by walking the order's first rows
 * or else from the trigram index, and totals estimated instead of counted when the planner expects many matches.
 * 60,000 users in one organization: "Filler Aa00001…" sorted by last name, every 240th of them and the last 10,000
 * first-named Quill (10,208 in all, so the planner expects many, but only 20 among the first SEARCH_WALK_ROWS by last
 * name), and 6 managers.
 */
const USERS = 60_000;

let ctx: TestContext;
let admin: TestUser;
let orgId: string;
const list = async (query: string) => {
  const res = await ctx.as(admin, { method: 'GET', url: `/api/admin/users${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { email: string }[]; total: number; total_exact: boolean };
};
/** The emails of the organization's users matching `where`, in `order`, straight from the table. */
const expected = async (where: string, order: string, limit: number, offset = 0) =>
  (
    await ctx.db.query<{ email: string }>(`select email from users where organization_id = $1 and ${where} order by ${order} limit ${limit} offset ${offset}`, [
      orgId,
    ])
  ).rows.map((r) => r.email);

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await ctx.createOrg('Scale Org')).id;
  admin = await ctx.createUser('admin', orgId, { email: 'scale.admin@scale.example' });
  await ctx.db.query(
    `insert into users (organization_id, email, first_name, last_name, role, password_hash)
     select $1, 'filler' || g || '@scale.example', case when g % 240 = 0 or g > 50000 then 'Quill' else 'Filler' end,
            'Aa' || lpad(g::text, 5, '0'), case when g % 10000 = 5 then 'manager' else 'viewer' end, 'x'
       from generate_series(1, $2::int) g`,
    [orgId, USERS],
  );
  await ctx.db.exec('analyze users');
}, 120_000);
afterAll(() => ctx.close());

describe('free text on a large list', () => {
  it('has matches both inside and past the rows the walk reads', async () => {
    expect(SEARCH_WALK_ROWS).toBeLessThan(USERS);
    const inWalk = await expected(`first_name = 'Quill' and last_name <= 'Aa${String(SEARCH_WALK_ROWS).padStart(5, '0')}'`, 'last_name', 1000);
    expect(inWalk.length).toBeGreaterThan(0);
    expect(inWalk.length).toBeLessThan(25);
  });

  it('finds the right page when the walk holds too few matches (the rest come from the trigram index)', async () => {
    for (const sort of ['last_name', '-last_name', 'email', '-created_at']) {
      const order = {
        last_name: 'lower(last_name), id',
        '-last_name': 'lower(last_name) desc, id desc',
        email: 'lower(email), id',
        '-created_at': 'created_at desc, id desc',
      }[sort]!;
      const page = await list(`?q=quill&sort=${sort}&limit=25`);
      expect(
        page.items.map((u) => u.email),
        sort,
      ).toEqual(await expected(`first_name = 'Quill'`, order, 25));
      const later = await list(`?q=quill&sort=${sort}&limit=10&offset=15`);
      expect(
        later.items.map((u) => u.email),
        sort,
      ).toEqual(await expected(`first_name = 'Quill'`, order, 10, 15));
      expect(page).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    }
  });

  it('finds the right page straight from the trigram index when the text is rare', async () => {
    for (const [sort, order] of [
      ['last_name', 'lower(last_name), id'],
      ['-email', 'lower(email) desc, id desc'],
    ] as const) {
      const page = await list(`?q=filler123&sort=${sort}&limit=25&offset=10`);
      expect(
        page.items.map((u) => u.email),
        sort,
      ).toEqual(await expected(`email like 'filler123%'`, order, 25, 10));
    }
  });

  it('finds the right page from the walk when the text is common', async () => {
    const page = await list('?q=filler&sort=last_name&limit=25&offset=25');
    expect(page.items.map((u) => u.email)).toEqual(await expected(`email like 'filler%'`, 'lower(last_name), id', 25, 25));
    const desc = await list('?q=filler&sort=-last_login_at&limit=25');
    expect(desc.items.map((u) => u.email)).toEqual(await expected(`email like 'filler%'`, 'last_login_at desc nulls last, id desc', 25));
  });

  it('matches "first last" and not across the email and the first name', async () => {
    expect((await list(`?q=${encodeURIComponent('quill aa00240')}`)).items.map((u) => u.email)).toEqual(['filler240@scale.example']);
    expect((await list(`?q=${encodeURIComponent('scale.examplequill')}`)).total).toBe(0);
  });

  it('gives the trigram index the rare piece of a text that holds a common one, and checks the whole text', async () => {
    expect(USERS).toBeGreaterThanOrEqual(TEXT_SAMPLE_MIN_TABLE_ROWS);
    expect(await list(`?q=${encodeURIComponent('filler12345@scale')}`)).toMatchObject({
      items: [{ email: 'filler12345@scale.example' }],
      total: 1,
      total_exact: true,
    });
    expect(await list(`?q=${encodeURIComponent('FILLER12345@SCALE.example')}&sort=last_name`)).toMatchObject({ total: 1, total_exact: true });
    // "filler12345" alone is found, "example" is in every email, but not the two as written.
    expect(await list(`?q=${encodeURIComponent('filler12345@example')}`)).toMatchObject({ items: [], total: 0, total_exact: true });
  });

  it('takes quotes, backslashes and the separator in the text as plain text', async () => {
    for (const q of ["o'brien", 'back\\slash', "\\'; select 1; --", 'a\u0001b']) {
      expect(await list(`?q=${encodeURIComponent(q)}`), q).toMatchObject({ items: [], total: 0, total_exact: true });
    }
  });
});

describe('totals on a large list', () => {
  it('reports past the estimate threshold as capped and inexact', async () => {
    expect(USERS).toBeGreaterThan(ESTIMATE_THRESHOLD);
    expect(await list('?role=viewer&limit=5')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    // Without a filter, the organization's count the database keeps: exact at any size.
    expect(await list('?limit=5')).toMatchObject({ total: USERS + 1, total_exact: true });
  });

  it('counts free-text matches up to the cap too', async () => {
    expect(await list('?q=filler&limit=5')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await list('?q=filler123&limit=5')).toMatchObject({ total: 111, total_exact: true });
  });

  it('still counts exactly what few users match, in a table far past the threshold', async () => {
    expect(await list('?role=manager')).toMatchObject({ total: 6, total_exact: true });
    expect(await list('?is_active=false')).toMatchObject({ total: 0, total_exact: true });
    expect(await list('?locked=true')).toMatchObject({ total: 0, total_exact: true });
  });
});
