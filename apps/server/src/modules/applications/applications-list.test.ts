/**
 * The applications list (the Real-time Monitor's table) as migration 0014 and its queries read it: free text over
 * the applicant's name, email and the external reference (the trigram index's expression), the overdue and
 * waiting-for-review filters, and a total counted up to LIST_COUNT_CAP while the list goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_WALK_ROWS } from '../../http/list-filter.ts';
import { LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { TEXT_SAMPLE_MIN_TABLE_ROWS } from '../../db/text-sample.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { approvalGraph, openReviewTask, startTestCase } from '../../test/applications.factory.ts';
import { createTestWorkflow, type TestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let org: { id: string };
let other: { id: string };
let admin: TestUser;
let superAdmin: TestUser;
let wf: TestWorkflow;

interface ListBody {
  items: { id: string; applicant_name: string }[];
  total: number;
  total_exact: boolean;
  next_cursor: string | null;
}

async function list(user: TestUser, query: string): Promise<ListBody> {
  const res = await ctx.as(user, { method: 'GET', url: `/api/admin/applications${query ? `?${query}` : ''}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ListBody;
}

/** Cases written straight into the table (completed, so the runtime leaves them alone). */
async function insertCases(organizationId: string, workflow: TestWorkflow, cases: { name: string; email: string; ref?: string }[]): Promise<void> {
  for (const c of cases) {
    await ctx.db.query(
      `insert into applications (organization_id, workflow_id, workflow_version, applicant_name, applicant_email, external_ref, status, outcome, completed_at)
       values ($1, $2, 1, $3, $4, $5, 'completed', 'approved', now())`,
      [organizationId, workflow.id, c.name, c.email, c.ref ?? null],
    );
  }
}

/**
 * A new organization, its administrator and `count` completed cases g = 1…count, newest first, named and addressed
 * by the SQL expressions `name` and `email` over g.
 */
async function organizationWithCases(orgName: string, count: number, name: string, email: string) {
  const org = await ctx.createOrg(orgName);
  const orgAdmin = await ctx.createUser('admin', org.id);
  const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
  await ctx.db.query(
    `insert into applications (organization_id, workflow_id, workflow_version, applicant_name, applicant_email, status, outcome, completed_at, created_at)
     select $1, $2, 1, ${name}, ${email}, 'completed', 'approved', now(), now() - make_interval(secs => g)
       from generate_series(1, $3::int) g`,
    [org.id, wf.id, count],
  );
  return { org, admin: orgAdmin };
}

describe('applications list: free text, review filters, capped total', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    org = await ctx.createOrg('List A');
    other = await ctx.createOrg('List B');
    admin = await ctx.createUser('admin', org.id);
    superAdmin = await ctx.createUser('super_admin', org.id);
    wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: approvalGraph('operator') });
    await insertCases(org.id, wf, [
      { name: 'Ann Lee', email: 'bob@example.com', ref: 'ORDER-7781' },
      { name: 'Carl Smith', email: 'carl.smith@acme.test' },
      { name: '100% Pure', email: 'pure@example.com' },
    ]);
    const otherWf = await createTestWorkflow(ctx.db, other.id, { status: 'active', graph: approvalGraph('operator') });
    await insertCases(other.id, otherWf, [{ name: 'Dora Smith', email: 'dora@elsewhere.test' }]);
  });
  afterAll(() => ctx?.close());

  it('finds the text in the name, the email or the external reference, any case, never across two fields', async () => {
    expect((await list(admin, 'q=SMITH')).items.map((i) => i.applicant_name)).toEqual(['Carl Smith']);
    expect((await list(admin, 'q=order-778')).items.map((i) => i.applicant_name)).toEqual(['Ann Lee']);
    expect((await list(admin, `q=${encodeURIComponent('@acme')}`)).items.map((i) => i.applicant_name)).toEqual(['Carl Smith']);
    // "Ann Lee" then "bob@…": the end of one field and the start of the next are not one text.
    expect((await list(admin, 'q=leebob')).items).toEqual([]);
    expect((await list(admin, 'q=comorder')).items).toEqual([]);
    // % and _ are plain characters.
    expect((await list(admin, `q=${encodeURIComponent('0%')}`)).items.map((i) => i.applicant_name)).toEqual(['100% Pure']);
    expect((await list(admin, 'q=a_n')).items).toEqual([]);
    // Only the caller's organization; a super admin sees both.
    const everywhere = await list(superAdmin, 'q=smith');
    expect(everywhere.items.map((i) => i.applicant_name).sort()).toEqual(['Carl Smith', 'Dora Smith']);
    expect(everywhere).toMatchObject({ total: 2, total_exact: true });
  });

  it('lists the overdue cases and the others, and those waiting for review', async () => {
    const late = await startTestCase(ctx, wf.id, org.id);
    const onTime = await startTestCase(ctx, wf.id, org.id);
    await ctx.db.query(`update review_tasks set due_at = now() - interval '1 hour' where id = $1`, [await openReviewTask(ctx.db, late)]);

    const overdue = await list(admin, 'overdue=true');
    expect(overdue.items.map((i) => i.id)).toEqual([late]);
    expect(overdue).toMatchObject({ total: 1, total_exact: true });
    // The total counts from the review tasks: with another filter, each case found there is checked against it; in
    // another organization, or as the super admin over all of them, the tasks' organization decides.
    expect(await list(admin, 'overdue=true&status=waiting')).toMatchObject({ items: [{ id: late }], total: 1, total_exact: true });
    expect(await list(admin, `overdue=true&workflow_id=${wf.id}&waiting_for_review=true`)).toMatchObject({ total: 1 });
    expect(await list(admin, 'overdue=true&status=completed')).toMatchObject({ items: [], total: 0, total_exact: true });
    expect(await list(superAdmin, 'overdue=true')).toMatchObject({ items: [{ id: late }], total: 1 });
    expect(await list(superAdmin, `overdue=true&organization_id=${other.id}`)).toMatchObject({ items: [], total: 0 });
    expect(await list(superAdmin, `overdue=true&organization_id=${org.id}`)).toMatchObject({ items: [{ id: late }], total: 1 });
    const counters = await ctx.as(admin, { method: 'GET', url: '/api/admin/applications/counts' });
    expect(counters.json()).toMatchObject({ overdue: 1 });
    const notOverdue = (await list(admin, 'overdue=false')).items.map((i) => i.id);
    expect(notOverdue).toContain(onTime);
    expect(notOverdue).not.toContain(late);
    expect(notOverdue).toHaveLength(4);
    expect((await list(admin, 'waiting_for_review=true')).items.map((i) => i.id).sort()).toEqual([late, onTime].sort());
    expect((await list(admin, 'waiting_for_review=true&overdue=false')).items.map((i) => i.id)).toEqual([onTime]);
    // Decided, it is overdue no more.
    await ctx.db.query(`update review_tasks set status = 'approved' where application_id = $1`, [late]);
    expect((await list(admin, 'overdue=true')).items).toEqual([]);
  });

  it('counts up to LIST_COUNT_CAP and says so past it, while pages and few matches stay exact', async () => {
    const { org: big, admin: bigAdmin } = await organizationWithCases('List Big', LIST_COUNT_CAP + 5, `'Bulk ' || g`, `'bulk' || g || '@example.com'`);
    const first = await list(bigAdmin, 'limit=25');
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.applicant_name).toBe('Bulk 1');
    const second = await list(bigAdmin, `limit=25&cursor=${first.next_cursor}`);
    expect(second.items[0]!.applicant_name).toBe('Bulk 26');
    // Free text too; a filter with few matches counts them exactly.
    expect(await list(bigAdmin, 'q=bulk')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await list(bigAdmin, `q=${encodeURIComponent('bulk123@')}`)).toMatchObject({ total: 1, total_exact: true });
    // A common text's page is found walking the order (offsets and cursors included).
    const common = await list(bigAdmin, 'q=bulk&limit=5&offset=30');
    expect(common.items.map((i) => i.applicant_name)).toEqual(['Bulk 31', 'Bulk 32', 'Bulk 33', 'Bulk 34', 'Bulk 35']);
    const after = await list(bigAdmin, `q=bulk&limit=3&cursor=${common.next_cursor}`);
    expect(after.items.map((i) => i.applicant_name)).toEqual(['Bulk 36', 'Bulk 37', 'Bulk 38']);
    // Exactly at the cap is still exact.
    await ctx.db.query(`delete from applications where organization_id = $1 and applicant_name in ('Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 4', 'Bulk 5')`, [
      big.id,
    ]);
    expect(await list(bigAdmin, 'limit=1')).toMatchObject({ total: LIST_COUNT_CAP, total_exact: true });
  });

  it('past TEXT_SAMPLE_MIN_TABLE_ROWS cases: a common text is not counted, a rare piece is what the index is given', async () => {
    const { org: sampled, admin: sampledAdmin } = await organizationWithCases(
      'List Sampled',
      TEXT_SAMPLE_MIN_TABLE_ROWS,
      `'Sampled ' || g`,
      `'sampled' || g || '@mail.example'`,
    );
    await ctx.db.exec('analyze applications');
    const common = await list(sampledAdmin, 'q=sampled&limit=3&offset=2');
    expect(common).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(common.items.map((i) => i.applicant_name)).toEqual(['Sampled 3', 'Sampled 4', 'Sampled 5']);
    // Another organization's administrator: none of these cases is theirs, whatever the sample holds.
    expect(await list(admin, 'q=sampled')).toMatchObject({ items: [], total: 0, total_exact: true });
    // "sampled12345" is rare, "mail" in every case: the index is given the first, the rows checked for the whole text.
    const one = await list(sampledAdmin, `q=${encodeURIComponent('SAMPLED12345@mail')}`);
    expect(one).toMatchObject({ total: 1, total_exact: true });
    expect(one.items.map((i) => i.applicant_name)).toEqual(['Sampled 12345']);
    expect(await list(sampledAdmin, `q=${encodeURIComponent('sampled12345@example')}`)).toMatchObject({ items: [], total: 0, total_exact: true });
    await ctx.db.query('delete from applications where organization_id = $1', [sampled.id]);
  }, 60_000);

  it('finds a common text whose matches all lie beyond the first SEARCH_WALK_ROWS cases of the order', async () => {
    const fillers = SEARCH_WALK_ROWS + 10;
    const needles = LIST_COUNT_CAP + 5;
    const { admin: deepAdmin } = await organizationWithCases(
      'List Deep',
      fillers + needles,
      `case when g > ${fillers} then 'Needle ' || g else 'Filler ' || g end`,
      `'x' || g || '@example.com'`,
    );
    // More matches than the cap, none among the newest SEARCH_WALK_ROWS: the walk finds nothing, the trigram index all.
    const first = await list(deepAdmin, 'q=needle&limit=25');
    expect(first.items.map((i) => i.applicant_name)).toEqual(Array.from({ length: 25 }, (_, i) => `Needle ${fillers + 1 + i}`));
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    const next = await list(deepAdmin, `q=needle&limit=25&cursor=${first.next_cursor}`);
    expect(next.items[0]!.applicant_name).toBe(`Needle ${fillers + 26}`);
    expect((await list(deepAdmin, 'q=needle&limit=2&offset=1000')).items.map((i) => i.applicant_name)).toEqual([
      `Needle ${fillers + 1001}`,
      `Needle ${fillers + 1002}`,
    ]);
    // Oldest first, the needles come first: found by the walk.
    expect((await list(deepAdmin, 'q=needle&limit=2&sort=created_at')).items.map((i) => i.applicant_name)).toEqual([
      `Needle ${fillers + needles}`,
      `Needle ${fillers + needles - 1}`,
    ]);
  });
});
