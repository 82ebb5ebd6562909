import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions } from '@admin-portal/contract/permissions';
import { USER_EXPORT_COLUMNS } from '@admin-portal/contract/users';
import type { AuthContext } from '../../http/context.ts';
import { csvCell } from '../../http/csv.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { USER_SORTS } from '@admin-portal/contract/users';
import { exportUsers } from './users.service.ts';

/** RFC 4180 reader, strict enough to catch a broken quote or a stray line break. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      if (cell !== '') throw new Error(`quote inside an unquoted cell at ${i}`);
      quoted = true;
    } else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else if (ch === '\n' || ch === '\r') {
      throw new Error(`bare line break outside quotes at ${i}`);
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || record.length > 0) throw new Error('last record not CRLF-terminated');
  return records;
}

type Record_ = Record<(typeof USER_EXPORT_COLUMNS)[number], string>;

function recordsOf(text: string): Record_[] {
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...USER_EXPORT_COLUMNS]);
  for (const row of rows) expect(row.length).toBe(USER_EXPORT_COLUMNS.length);
  return rows.map((row) => Object.fromEntries(USER_EXPORT_COLUMNS.map((c, i) => [c, row[i]!])) as Record_);
}

let ctx: TestContext;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let superAdmin: TestUser;
let adminA: TestUser;
let adminB: TestUser;
let membersA: TestUser[];

const exportAs = (user: TestUser, query = '', headers: Record<string, string> = {}) =>
  ctx.as(user, { method: 'GET', url: `/api/admin/users/export${query}`, headers });
const listAs = (user: TestUser, query = '', headers: Record<string, string> = {}) =>
  ctx.as(user, { method: 'GET', url: `/api/admin/users?limit=200${query ? `&${query.slice(1)}` : ''}`, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  orgA = await ctx.createOrg('Export, "A" Org');
  orgB = await ctx.createOrg('Export B');
  superAdmin = await ctx.createUser('super_admin', (await ctx.createOrg('Export HQ')).id);
  adminA = await ctx.createUser('admin', orgA.id, { email: 'admin.a@export.example' });
  adminB = await ctx.createUser('admin', orgB.id, { email: 'admin.b@export.example' });
  membersA = [adminA];
  for (const [role, email] of [
    ['viewer', 'anna@export.example'],
    ['viewer', 'bert@export.example'],
    ['operator', 'carl@export.example'],
    ['manager', 'dora@export.example'],
    ['analyst', 'emil@export.example'],
    ['viewer', 'locked@export.example'],
    ['viewer', 'inactive@export.example'],
  ] as const) {
    membersA.push(await ctx.createUser(role, orgA.id, { email }));
  }
  await ctx.createUser('viewer', orgB.id, { email: 'only.b@export.example' });
  await ctx.db.query("update users set locked_until = now() + interval '10 minutes', failed_logins = 5 where email = 'locked@export.example'");
  await ctx.db.query("update users set is_active = false where email = 'inactive@export.example'");
  // Ties and nulls in every sort key, so keyset batches must get them right: equal names, equal creation
  // times to the microsecond, equal and missing last sign-ins.
  await ctx.db.query(
    `update users set first_name = 'Same', last_name = 'Name', created_at = '2024-03-01 10:00:00.123456+00',
            last_login_at = '2024-05-01 08:00:00.654321+00'
      where email in ('anna@export.example', 'bert@export.example', 'carl@export.example')`,
  );
  await ctx.db.query("update users set last_login_at = '2024-06-01 08:00:00.000001+00' where email = 'dora@export.example'");
});
afterAll(() => ctx.close());

describe('GET /api/admin/users/export', () => {
  it('downloads a CSV attachment named users-YYYY-MM-DD.csv with the header row', async () => {
    const res = await exportAs(adminA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith(`${USER_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
  });

  it('has one row per user with the columns filled in', async () => {
    const res = await exportAs(adminA, '?sort=email');
    const rows = recordsOf(res.body);
    expect(rows.map((r) => r.email)).toEqual(membersA.map((m) => m.email).sort());
    const dora = rows.find((r) => r.email === 'dora@export.example')!;
    const stored = (await ctx.db.query<{ id: string; created_at: Date }>("select id, created_at from users where email = 'dora@export.example'")).rows[0]!;
    expect(dora).toEqual({
      id: stored.id,
      email: 'dora@export.example',
      first_name: 'Test',
      last_name: 'manager',
      role: 'manager',
      organization: 'Export, "A" Org',
      is_active: 'true',
      is_locked: 'false',
      last_login_at: '2024-06-01T08:00:00.000Z',
      created_at: new Date(stored.created_at).toISOString(),
    });
    expect(rows.find((r) => r.email === 'locked@export.example')).toMatchObject({ is_locked: 'true', is_active: 'true' });
    expect(rows.find((r) => r.email === 'inactive@export.example')).toMatchObject({ is_active: 'false', is_locked: 'false' });
    expect(rows.find((r) => r.email === 'emil@export.example')!.last_login_at).toBe('');
    expect(res.body).not.toMatch(/password|\$argon|\$scrypt/i);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', async () => {
    const org = await ctx.createOrg('Escaping Org');
    const tricky: [string, string][] = [
      ['=HYPERLINK("http://evil.example","click")', 'Comma, "quoted"'],
      ['+1-555-0100', 'Line\nbreak'],
      ['-2+3', 'Carriage\r\nreturn'],
      ['@SUM(A1:A9)', '\tTabbed'],
      ['Plain', "O'Brien"],
    ];
    const admin = await ctx.createUser('admin', org.id);
    for (const [i, [first, last]] of tricky.entries()) {
      const user = await ctx.createUser('viewer', org.id, { email: `tricky${i}@export.example` });
      await ctx.db.query('update users set first_name = $2, last_name = $3 where id = $1', [user.id, first, last]);
    }
    const res = await exportAs(admin, '?q=tricky&sort=email');
    const rows = recordsOf(res.body);
    expect(rows.map((r) => [r.first_name, r.last_name])).toEqual([
      [`'=HYPERLINK("http://evil.example","click")`, 'Comma, "quoted"'],
      ["'+1-555-0100", 'Line\nbreak'],
      ["'-2+3", 'Carriage\r\nreturn'],
      ["'@SUM(A1:A9)", "'\tTabbed"],
      ['Plain', "O'Brien"],
    ]);
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    // Dates are never mistaken for formulas, and booleans stay plain.
    expect(csvCell(new Date('2024-01-02T03:04:05Z'))).toBe('2024-01-02T03:04:05.000Z');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
  });

  it.each([
    ['role', '?role=viewer'],
    ['is_active', '?is_active=false'],
    ['locked', '?locked=true'],
    ['locked=false', '?locked=false'],
    ['q', '?q=export.example&role=viewer'],
    ['q on a full name', '?q=same%20name'],
    ['combined', '?role=viewer&is_active=true&locked=false&sort=-email'],
  ])('exports exactly the users the list shows for %s, in the same order', async (_label, query) => {
    const list = await listAs(adminA, query);
    expect(list.statusCode).toBe(200);
    const res = await exportAs(adminA, query);
    expect(res.statusCode).toBe(200);
    expect(recordsOf(res.body).map((r) => r.id)).toEqual(list.json().items.map((u: { id: string }) => u.id));
    expect(list.json().total).toBeGreaterThan(0);
  });

  it('has no pages: limit and offset are refused as unknown query parameters, before any CSV', async () => {
    const res = await exportAs(adminA, '?limit=1&offset=3');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().validation_errors).toEqual([
      { field: 'limit', message: 'Unknown query parameter' },
      { field: 'offset', message: 'Unknown query parameter' },
    ]);
  });

  it('refuses an unknown sort or filter value with a JSON 422, before any CSV', async () => {
    for (const query of ['?sort=password_hash', '?role=wizard', '?locked=maybe', '?organization_id=nope']) {
      const res = await exportAs(superAdmin, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().validation_errors.length).toBeGreaterThan(0);
    }
  });

  it('needs user:read', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const res = await exportAs(viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('writes nothing to the audit log, like every read', async () => {
    const res = await exportAs(adminA, '?role=viewer&q=export');
    expect(res.statusCode).toBe(200);
    const audit = await ctx.db.query('select 1 from audit_logs where request_id = $1', [String(res.headers['x-request-id'])]);
    expect(audit.rows).toEqual([]);
  });
});

describe('export organization scoping', () => {
  it("never exports another organization's users to an organization admin, whatever the filters", async () => {
    for (const query of ['', `?organization_id=${orgB.id}`, '?q=only.b', `?organization_id=${orgB.id}&role=viewer`]) {
      const res = await exportAs(adminA, query);
      expect(res.statusCode, query).toBe(200);
      const rows = recordsOf(res.body);
      expect(
        rows.every((r) => r.organization === orgA.name),
        query,
      ).toBe(true);
      if (query.includes(orgB.id) || query.includes('only.b')) expect(rows, query).toEqual([]);
    }
    expect(
      recordsOf((await exportAs(adminB)).body)
        .map((r) => r.email)
        .sort(),
    ).toEqual(['admin.b@export.example', 'only.b@export.example']);
  });

  it('refuses X-Organization-Id of another organization for a non-super admin', async () => {
    const res = await exportAs(adminA, '', { 'x-organization-id': orgB.id });
    expect(res.statusCode).toBe(403);
  });

  it('exports every organization to a super admin, or the one named by X-Organization-Id or organization_id', async () => {
    const all = recordsOf((await exportAs(superAdmin)).body);
    const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
    expect(all.length).toBe(total);
    expect(all.some((r) => r.organization === orgA.name) && all.some((r) => r.organization === orgB.name)).toBe(true);

    const byHeader = recordsOf((await exportAs(superAdmin, '', { 'x-organization-id': orgB.id })).body);
    expect(byHeader.map((r) => r.email).sort()).toEqual(['admin.b@export.example', 'only.b@export.example']);
    const byFilter = recordsOf((await exportAs(superAdmin, `?organization_id=${orgB.id}`)).body);
    expect(byFilter.map((r) => r.id)).toEqual(byHeader.map((r) => r.id));
  });
});

describe('export in batches', () => {
  const auth = (user: TestUser, organizationId: string | null): AuthContext => ({
    userId: user.id,
    email: user.email,
    role: user.role,
    sessionId: 'test-session',
    homeOrganizationId: user.organizationId,
    permissions: new Set(effectivePermissions(user.role, [])),
    isSuperAdmin: user.role === 'super_admin',
    organizationId,
  });

  it.each(USER_SORTS)('keeps the list order across batches of 2 for sort=%s (ties and nulls included)', async (sort) => {
    const a = auth(adminA, orgA.id);
    const batches = exportUsers(ctx.db, a, { sort }, 2);
    const ids: string[] = [];
    let count = 0;
    for await (const rows of batches) {
      expect(rows.length).toBeLessThanOrEqual(2);
      ids.push(...rows.map((r) => r.id));
      count += 1;
    }
    const list = await listAs(adminA, `?sort=${encodeURIComponent(sort)}`);
    expect(ids).toEqual(list.json().items.map((u: { id: string }) => u.id));
    expect(ids.length).toBeGreaterThanOrEqual(membersA.length);
    expect(count).toBe(Math.ceil(ids.length / 2));
  });

  it('streams an export larger than one batch without losing or repeating a row', async () => {
    const org = await ctx.createOrg('Big Export Org');
    const admin = await ctx.createUser('admin', org.id);
    await ctx.db.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash, created_at)
       select $1, 'bulk' || g || '@export.example', 'Bulk', 'User ' || g, 'viewer', 'x', '2024-01-01'::timestamptz + (g % 7) * interval '1 second'
         from generate_series(1, 1234) g`,
      [org.id],
    );
    const res = await exportAs(admin);
    expect(res.statusCode).toBe(200);
    const rows = recordsOf(res.body);
    expect(rows.length).toBe(1235);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1235);
    const byLastName = recordsOf((await exportAs(admin, '?sort=-last_name')).body);
    const list = await listAs(admin, '?sort=-last_name');
    expect(byLastName.slice(0, 200).map((r) => r.id)).toEqual(list.json().items.map((u: { id: string }) => u.id));
  });
});
