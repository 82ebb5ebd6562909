import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, AuditLogList } from '@admin-portal/contract/system/audit';
import type { Role } from '@admin-portal/contract/roles';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, insertApplication } from '../../test/workflows.factory.ts';
import { LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { purgeAuditRows } from './audit.service.ts';

let ctx: TestContext;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let superAdmin: TestUser;
let adminA: TestUser;
let officerA: TestUser;
let adminB: TestUser;

const LIST = '/api/admin/system/audit-logs';

interface Seed {
  organizationId: string | null;
  actor?: TestUser | null;
  action?: string;
  targetType?: string;
  targetId?: string | null;
  /** Written with the row, as recordAudit does since migration 0024 (older rows have none). */
  targetName?: string | null;
  changes?: Record<string, unknown>;
  at?: string;
}

/** Writes audit rows directly (as recordAudit would), with a chosen time. */
async function seed(...rows: Seed[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const res = await ctx.db.query<{ id: string }>(
      `insert into audit_logs (organization_id, actor_id, actor_email, action, target_type, target_id, target_name, changes, ip, request_id, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, '10.0.0.1', 'req-seed', coalesce($9::timestamptz, now())) returning id`,
      [
        r.organizationId,
        r.actor?.id ?? null,
        r.actor?.email ?? null,
        r.action ?? 'user.update',
        r.targetType ?? 'user',
        r.targetId ?? null,
        r.targetName ?? null,
        JSON.stringify(r.changes ?? {}),
        r.at ?? null,
      ],
    );
    ids.push(res.rows[0]!.id);
  }
  return ids;
}

const list = async (user: TestUser, query = '', headers: Record<string, string> = {}) => {
  const res = await ctx.as(user, { method: 'GET', url: `${LIST}${query}`, headers });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as AuditLogList;
};
const uniq = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  orgA = await ctx.createOrg('Audit Log A');
  orgB = await ctx.createOrg('Audit Log B');
  superAdmin = await ctx.createUser('super_admin', orgA.id);
  adminA = await ctx.createUser('admin', orgA.id);
  officerA = await ctx.createUser('compliance_officer', orgA.id);
  adminB = await ctx.createUser('admin', orgB.id);
});
afterAll(() => ctx.close());

describe('who may read the audit log', () => {
  it('admins and compliance officers read their own organization; super admins any', async () => {
    const target = uniq('who');
    const [inA, inB] = await seed({ organizationId: orgA.id, actor: adminA, targetId: target }, { organizationId: orgB.id, actor: adminB, targetId: target });
    for (const user of [adminA, officerA]) {
      const body = await list(user, `?target_id=${target}`);
      expect(body.items.map((i) => i.id)).toEqual([inA]);
      expect(body).toMatchObject({ total: 1, total_exact: true });
    }
    expect((await list(superAdmin, `?target_id=${target}`)).items.map((i) => i.id).sort()).toEqual([inA, inB].sort());
    expect((await list(superAdmin, `?target_id=${target}&organization_id=${orgB.id}`)).items.map((i) => i.id)).toEqual([inB]);
    expect((await list(superAdmin, `?target_id=${target}`, { 'x-organization-id': orgB.id })).items.map((i) => i.id)).toEqual([inB]);
  });

  it('an admin naming another organization gets nothing of it, by filter or header', async () => {
    const target = uniq('isolation');
    await seed({ organizationId: orgB.id, actor: adminB, targetId: target });
    const body = await list(adminA, `?target_id=${target}&organization_id=${orgB.id}`);
    expect(body).toMatchObject({ items: [], total: 0 });
    expect((await list(adminA, `?organization_id=${orgB.id}`)).items).toEqual([]);
    const header = await ctx.as(adminA, { method: 'GET', url: LIST, headers: { 'x-organization-id': orgB.id } });
    expect(header.statusCode).toBe(403);
    const exported = await ctx.as(officerA, { method: 'GET', url: `${LIST}/export?organization_id=${orgB.id}` });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it.each(['viewer', 'manager', 'operator', 'analyst'] as Role[])('refuses a %s (403) on the list and the export', async (role) => {
    const user = await ctx.createUser(role, orgA.id);
    for (const url of [LIST, `${LIST}/export`]) {
      const res = await ctx.as(user, { method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('grants it to someone holding view_audit_logs as an extra permission', async () => {
    const manager = await ctx.createUser('manager', orgA.id, { permissions: ['view_audit_logs'] });
    expect((await list(manager)).items.every((i) => i.organization?.id === orgA.id)).toBe(true);
  });

  it('offers no call that changes or deletes a row', async () => {
    const [id] = await seed({ organizationId: orgA.id, actor: adminA });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [LIST, `${LIST}/${id}`]) {
        const res = await ctx.as(superAdmin, { method, url, payload: method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await ctx.db.query('select 1 from audit_logs where id = $1', [id])).rows).toHaveLength(1);
  });

  it('reading writes nothing', async () => {
    const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_logs')).rows[0]!.n;
    await list(adminA);
    await ctx.as(adminA, { method: 'GET', url: `${LIST}/export` });
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_logs')).rows[0]!.n).toBe(before);
  });
});

describe('rows', () => {
  it('name the actor and organization, summarise the change and keep the diff', async () => {
    const target = uniq('shape');
    await seed({
      organizationId: orgA.id,
      actor: adminA,
      action: 'user.update',
      targetId: target,
      changes: { role: { from: 'operator', to: 'viewer' }, first_name: { from: 'A', to: 'B' } },
    });
    const [row] = (await list(adminA, `?target_id=${target}`)).items as [AuditLogEntry];
    expect(row).toMatchObject({
      actor: { id: adminA.id, email: adminA.email, name: 'Test admin' },
      action: 'user.update',
      target_type: 'user',
      target_id: target,
      target_name: null,
      organization: { id: orgA.id, name: orgA.name },
      summary: 'role: operator → viewer; first_name: A → B',
      changes: { role: { from: 'operator', to: 'viewer' }, first_name: { from: 'A', to: 'B' } },
      ip: '10.0.0.1',
      request_id: 'req-seed',
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();
  });

  it("come from real changes: creating a user through the API shows up as the admin's row", async () => {
    const res = await ctx.as(adminA, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: `${uniq('made')}@test.example`, password: 'Made-Pass-123', first_name: 'Made', last_name: 'Here', role: 'viewer' },
    });
    expect(res.statusCode).toBe(201);
    const body = await list(officerA, `?target_type=user&target_id=${res.json().id}`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ action: 'user.create', actor: { id: adminA.id }, organization: { id: orgA.id }, target_name: 'Made Here' });
  });

  it('keep their actor email once the user and organization are deleted (the foreign keys still set null)', async () => {
    const org = await ctx.createOrg(uniq('Doomed'));
    const doomed = await ctx.createUser('admin', org.id);
    const target = uniq('orphan');
    const [id] = await seed({ organizationId: org.id, actor: doomed, targetId: target });
    await ctx.db.query('delete from users where id = $1', [doomed.id]);
    await ctx.db.query('delete from organizations where id = $1', [org.id]);
    const [row] = (await list(superAdmin, `?target_id=${target}`)).items;
    expect(row).toMatchObject({ id, actor: { id: null, email: doomed.email, name: null }, organization: null });
  });
});

describe('targets are named (issue 32 item 10)', () => {
  const names = async (user: TestUser, query: string) => (await list(user, query)).items.map((i) => `${i.action}: ${i.target_name}`);

  it('by what the target was called when it happened, kept after it is renamed and deleted', async () => {
    const email = `${uniq('named')}@test.example`;
    const created = await ctx.as(adminA, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email, password: 'Named-Pass-123', first_name: 'Nora', last_name: 'Named', role: 'viewer' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${id}`, payload: { first_name: 'Nadia' } })).statusCode).toBe(200);
    expect((await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${id}` })).statusCode).toBe(200);
    expect(await names(adminA, `?target_id=${id}`)).toEqual(['user.delete: Nadia Named', 'user.update: Nadia Named', 'user.create: Nora Named']);

    const org = (await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: uniq('Named Org') } })).json() as {
      id: string;
      name: string;
    };
    expect((await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${org.id}`, payload: { name: `${org.name} renamed` } })).statusCode).toBe(
      200,
    );
    expect((await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${org.id}` })).statusCode).toBe(200);
    expect(await names(superAdmin, `?target_type=organization&target_id=${org.id}`)).toEqual([
      `organization.delete: ${org.name} renamed`,
      `organization.update: ${org.name} renamed`,
      `organization.create: ${org.name}`,
    ]);
  });

  it('rows written before names were kept: by the target as it is now, while it exists', async () => {
    const user = await ctx.createUser('viewer', orgA.id);
    const workflow = await createTestWorkflow(ctx.db, orgA.id, { name: uniq('Old workflow') });
    await seed(
      { organizationId: orgA.id, action: 'user.update', targetType: 'user', targetId: user.id, at: '2026-03-01T00:00:00Z' },
      { organizationId: orgA.id, action: 'workflow.update', targetType: 'workflow', targetId: workflow.id, at: '2026-03-01T00:00:01Z' },
      { organizationId: orgA.id, action: 'user.update', targetType: 'user', targetId: user.id, targetName: 'Kept Name', at: '2026-03-01T00:00:02Z' },
    );
    const workflowName = (await ctx.db.query<{ name: string }>('select name from workflows where id = $1', [workflow.id])).rows[0]!.name;
    expect(await names(adminA, `?target_id=${user.id}`)).toEqual(['user.update: Kept Name', 'user.update: Test viewer']);
    expect(await names(adminA, `?target_id=${workflow.id}`)).toEqual([`workflow.update: ${workflowName}`]);
    await ctx.db.query('delete from users where id = $1', [user.id]);
    expect(await names(adminA, `?target_id=${user.id}`)).toEqual(['user.update: Kept Name', 'user.update: null']);
  });

  it('an application only while it exists: its applicant’s name goes with the erased case', async () => {
    const workflow = await createTestWorkflow(ctx.db, orgA.id);
    const id = await insertApplication(ctx.db, workflow);
    await ctx.db.query(`update applications set applicant_name = 'Ada Applicant' where id = $1`, [id]);
    await seed({ organizationId: orgA.id, action: 'application.retry', targetType: 'application', targetId: id });
    expect(await names(adminA, `?target_id=${id}`)).toEqual(['application.retry: Ada Applicant']);
    expect((await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/applications/${id}` })).statusCode).toBe(200);
    expect(await names(adminA, `?target_id=${id}`)).toEqual(['application.delete: null', 'application.retry: null']);
    const kept = await ctx.db.query<{ target_name: string | null }>('select target_name from audit_logs where target_id = $1', [id]);
    expect(kept.rows).toEqual([{ target_name: null }, { target_name: null }]);
  });
});

describe('filters', () => {
  let actor: TestUser;
  const tag = uniq('flt');
  beforeAll(async () => {
    actor = await ctx.createUser('admin', orgA.id, { email: `${tag}@Filters.example` });
    await seed(
      {
        organizationId: orgA.id,
        actor,
        action: 'workflow.update',
        targetType: 'workflow',
        targetId: `${tag}-wf`,
        changes: { name: { from: 'Old', to: `Renamed ${tag}` } },
        at: '2026-01-10T10:00:00Z',
      },
      { organizationId: orgA.id, actor, action: 'tool.update', targetType: 'tool', targetId: `${tag}-tool`, at: '2026-01-12T10:00:00Z' },
      { organizationId: orgA.id, actor: adminA, action: 'workflow.update', targetType: 'workflow', targetId: `${tag}-wf`, at: '2026-01-15T10:00:00Z' },
      { organizationId: orgB.id, actor: adminB, action: 'workflow.update', targetType: 'workflow', targetId: `${tag}-wf`, at: '2026-01-15T11:00:00Z' },
    );
  });
  const targets = (body: AuditLogList) => body.items.map((i) => `${i.action}@${i.created_at.slice(0, 10)}`);

  it('by actor id or email (any case)', async () => {
    expect(targets(await list(adminA, `?actor=${actor.id}`))).toEqual(['tool.update@2026-01-12', 'workflow.update@2026-01-10']);
    expect(targets(await list(adminA, `?actor=${encodeURIComponent(`${tag.toUpperCase()}@filters.EXAMPLE`)}`))).toEqual([
      'tool.update@2026-01-12',
      'workflow.update@2026-01-10',
    ]);
  });

  it('by action, target type and id, and date range', async () => {
    expect(targets(await list(adminA, `?action=workflow.update&target_id=${tag}-wf`))).toEqual(['workflow.update@2026-01-15', 'workflow.update@2026-01-10']);
    expect(targets(await list(adminA, `?target_type=tool&target_id=${tag}-tool`))).toEqual(['tool.update@2026-01-12']);
    expect(targets(await list(adminA, `?actor=${actor.id}&from=2026-01-11&to=2026-01-13`))).toEqual(['tool.update@2026-01-12']);
    expect(targets(await list(adminA, `?actor=${actor.id}&from=2026-01-12T10:00:00Z`))).toEqual(['tool.update@2026-01-12']);
  });

  it('by free text over the action, target, actor email and the change', async () => {
    expect(targets(await list(adminA, `?q=renamed%20${tag}`))).toEqual(['workflow.update@2026-01-10']);
    expect(targets(await list(adminA, `?q=${tag}-TOOL`))).toEqual(['tool.update@2026-01-12']);
    expect((await list(adminA, `?q=${tag}@filters`)).total).toBe(2);
    expect((await list(superAdmin, `?q=${tag}-wf`)).total).toBe(3);
    // LIKE's wildcards are taken literally.
    expect((await list(adminA, `?q=${tag}%25wf`)).total).toBe(0);
  });

  it('combined, still inside the organization', async () => {
    expect((await list(adminA, `?target_id=${tag}-wf&organization_id=${orgB.id}`)).total).toBe(0);
    expect(targets(await list(superAdmin, `?target_id=${tag}-wf&organization_id=${orgB.id}`))).toEqual(['workflow.update@2026-01-15']);
  });
});

describe('pages', () => {
  it('walk every row once by cursor, newest first, ties on the same instant included', async () => {
    const org = await ctx.createOrg(uniq('Paging'));
    const rows: Seed[] = [];
    for (let i = 0; i < 53; i += 1) {
      // Groups of rows share an instant; others differ only by microseconds.
      const at = i % 5 === 0 ? '2026-02-01T00:00:00Z' : `2026-02-01T00:00:00.${String(100000 + i).padStart(6, '0')}Z`;
      rows.push({ organizationId: org.id, actor: adminA, targetId: `p${i}`, at });
    }
    await seed(...rows);
    const all = (await list(superAdmin, `?organization_id=${org.id}&limit=200`)).items.map((i) => i.id);
    expect(all).toHaveLength(53);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: AuditLogList = await list(superAdmin, `?organization_id=${org.id}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.total).toBe(53);
      seen.push(...body.items.map((i) => i.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(8);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(53);
    // offset pages agree with the cursor's.
    expect((await list(superAdmin, `?organization_id=${org.id}&limit=7&offset=14`)).items.map((i) => i.id)).toEqual(all.slice(14, 21));
  });

  it('count up to LIST_COUNT_CAP and say when there are more', async () => {
    const org = await ctx.createOrg(uniq('Many'));
    await ctx.db.query(
      `insert into audit_logs (organization_id, action, target_type, target_id, created_at)
       select $1, 'bulk.insert', 'user', 'b' || g, now() - g * interval '1 second' from generate_series(1, 1005) g`,
      [org.id],
    );
    const body = await list(superAdmin, `?organization_id=${org.id}&limit=3`);
    expect(body).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, limit: 3, offset: 0 });
    expect(body.items.map((i) => i.target_id)).toEqual(['b1', 'b2', 'b3']);
    expect(body.next_cursor).toEqual(expect.any(String));
    // Free text too; fewer matches stay exact.
    expect(await list(superAdmin, `?organization_id=${org.id}&q=bulk.insert&limit=3`)).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await list(superAdmin, `?organization_id=${org.id}&q=${encodeURIComponent('user b123')}`)).toMatchObject({ total: 1, total_exact: true });
  });
});

describe('bad input is a 400/422 with details, never a 5xx', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['offset=10001', 'offset'],
    ['from=yesterday', 'from'],
    ['organization_id=not-a-uuid', 'organization_id'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['cursor=garbage', 'cursor'],
    [`cursor=${Buffer.from(JSON.stringify(['2026-01-01', 'x'])).toString('base64url')}`, 'cursor'],
    ['sort=created_at', 'sort'],
  ])('%s', async (query, field) => {
    const res = await ctx.as(adminA, { method: 'GET', url: `${LIST}?${query}` });
    expect([400, 422], res.body).toContain(res.statusCode);
    const body = res.json();
    expect(body.detail).toEqual(expect.any(String));
    expect(body.validation_errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
  });

  it('the export takes no page parameters', async () => {
    const res = await ctx.as(adminA, { method: 'GET', url: `${LIST}/export?limit=5` });
    expect(res.statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams every matching row (across batches) with a header, spreadsheet-safe cells and a download name', async () => {
    const org = await ctx.createOrg(uniq('Export'));
    await ctx.db.query(
      `insert into audit_logs (organization_id, actor_email, action, target_type, target_id, changes, created_at)
       select $1, 'bulk@test.example', 'bulk.export', 'tool', 't' || g, '{"n": 1}', now() - g * interval '1 millisecond' from generate_series(1, 2345) g`,
      [org.id],
    );
    await seed({
      organizationId: org.id,
      actor: adminA,
      action: 'user.update',
      targetId: '=formula',
      targetName: '=Name',
      changes: { first_name: { from: 'Ann', to: '=HYPERLINK("x")' } },
      at: '2000-01-01T00:00:00Z',
    });
    const res = await ctx.as(superAdmin, { method: 'GET', url: `${LIST}/export?organization_id=${org.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe('');
    // Columns added since go at the end (action_label, target_name: issue 32 item 10), so readers counting columns keep working.
    expect(lines[0]).toBe(
      'created_at,id,organization_id,organization,actor_id,actor_email,actor_name,action,target_type,target_id,summary,changes,ip,request_id,action_label,target_name',
    );
    expect(lines).toHaveLength(2347);
    const ids = lines.slice(1).map((l) => l.split(',')[1]);
    expect(new Set(ids).size).toBe(2346);
    expect(lines[1]).toContain(',bulk.export,tool,t1,n: 1,');
    // A code the product does not write reads as itself; no name for a target id that names nothing.
    expect(lines[1]).toMatch(/,bulk\.export,$/);
    const formula = lines.at(-1)!;
    expect(formula).toContain(`,${adminA.id},${adminA.email},Test admin,user.update,user,'=formula,`);
    expect(formula).toContain('"first_name: Ann → =HYPERLINK(""x"")"');
    expect(formula).toMatch(/,Updated user,'=Name$/);
    expect(formula).toContain('"{""first_name"":{""to"":""=HYPERLINK(\\""x\\"")"",""from"":""Ann""}}"');
  });

  it('applies the filters, like the list', async () => {
    const target = uniq('exp');
    await seed(
      { organizationId: orgA.id, actor: adminA, targetId: target, action: 'user.delete' },
      { organizationId: orgA.id, actor: adminA, targetId: target, action: 'user.update' },
    );
    const res = await ctx.as(officerA, { method: 'GET', url: `${LIST}/export?target_id=${target}&action=user.delete` });
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,user.delete,user,${target},`);
  });
});

describe('rows cannot be changed or deleted', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even from SQL', async () => {
    const [id] = await seed({ organizationId: orgA.id, actor: adminA, changes: { a: 1 } });
    await expect(ctx.db.query(`update audit_logs set action = 'forged' where id = $1`, [id])).rejects.toThrow(/cannot be changed/);
    await expect(ctx.db.query(`update audit_logs set changes = '{}' where id = $1`, [id])).rejects.toThrow(/cannot be changed/);
    // Nulling the organization by hand is not the foreign key's own action.
    await expect(ctx.db.query(`update audit_logs set organization_id = null where id = $1`, [id])).rejects.toThrow(/cannot be changed/);
    await expect(ctx.db.query('delete from audit_logs where id = $1', [id])).rejects.toThrow(/cannot be deleted/);
    await expect(ctx.db.query('truncate audit_logs')).rejects.toThrow(/cannot be deleted/);
    const row = await ctx.db.query<{ action: string; organization_id: string }>('select action, organization_id from audit_logs where id = $1', [id]);
    expect(row.rows).toEqual([{ action: 'user.update', organization_id: orgA.id }]);
  });

  it('still lets users and organizations with audit rows be deleted through the API', async () => {
    const org = (await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: uniq('Short-lived') } })).json();
    const user = await ctx.createUser('viewer', org.id);
    await ctx.login(user.email); // writes an audit row with the user as actor
    expect((await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/users/${user.id}` })).statusCode).toBe(200);
    expect((await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${org.id}` })).statusCode).toBe(200);
    const rows = await ctx.db.query<{ actor_id: string | null; organization_id: string | null }>(
      `select actor_id, organization_id from audit_logs where actor_email = $1 and action = 'auth.login'`,
      [user.email],
    );
    expect(rows.rows).toEqual([{ actor_id: null, organization_id: null }]);
  });

  it('purgeAuditRows deletes rows older than the retention, in batches, and nothing else', async () => {
    const org = await ctx.createOrg(uniq('Retention'));
    await ctx.db.query(
      `insert into audit_logs (organization_id, action, target_type, created_at)
       select $1, 'old.row', 'user', now() - interval '400 days' - g * interval '1 minute' from generate_series(1, 5200) g`,
      [org.id],
    );
    const [recent] = await seed({ organizationId: org.id, at: new Date(Date.now() - 10 * 86_400_000).toISOString() });
    expect(await purgeAuditRows(ctx.db, 0)).toBe(0);
    const olderThan = async () =>
      (await ctx.db.query<{ n: number }>(`select count(*)::int as n from audit_logs where created_at < now() - interval '365 days'`)).rows[0]!.n;
    const expected = await olderThan();
    expect(expected).toBeGreaterThanOrEqual(5200);
    expect(await purgeAuditRows(ctx.db, 365)).toBe(expected);
    expect(await olderThan()).toBe(0);
    expect((await ctx.db.query('select 1 from audit_logs where id = $1', [recent])).rows).toHaveLength(1);
    expect(await purgeAuditRows(ctx.db, 365)).toBe(0);
    // The guard is back after the purge's transactions.
    await expect(ctx.db.query('delete from audit_logs where id = $1', [recent])).rejects.toThrow(/cannot be deleted/);
  });
});
