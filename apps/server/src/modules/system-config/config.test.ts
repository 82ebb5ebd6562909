/**
 * System Configuration (spec §7 "System config"): typed entries, secrets that never leave the server, filters,
 * stats, the entry in force by key, files streamed in chunks with safe downloads, who may change what, the audit
 * trail, and the flags the product reads (AI assistant, intake, demo traffic, branding).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '@admin-portal/contract/ai/api';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { CONFIG_MESSAGES, formatBytes, type ConfigEntry } from '@admin-portal/contract/system/config';
import { decryptText } from '../../security/encryption.ts';
import { asKey, createTestApiKey } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestConfig, createTestConfigFile, multipartForm, PNG_1X1 } from '../../test/system-config.factory.ts';
import { CHUNK_BYTES } from './config-files.ts';
import { EffectiveConfigCache } from './effective-config.ts';

let ctx: TestContext;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let superAdmin: TestUser;
let adminA: TestUser;
let adminB: TestUser;

const BASE = '/api/admin/system-config';
const SECRET = 'sk-live-Very-Secret-Value-9f8e7d';

const create = (user: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.as(user, { method: 'POST', url: BASE, payload, headers });
async function created(user: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ConfigEntry> {
  const res = await create(user, payload, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = (user: TestUser, url: string, headers: Record<string, string> = {}) => ctx.as(user, { method: 'GET', url, headers });
const list = async (user: TestUser, query: string, headers: Record<string, string> = {}) => {
  const res = await get(user, `${BASE}?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: ConfigEntry[]; total: number; limit: number; offset: number };
};
const upload = (
  user: TestUser,
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer; field?: string },
  headers: Record<string, string> = {},
) => {
  const form = multipartForm(fields, file);
  return ctx.as(user, { method: 'POST', url: `${BASE}/upload-binary`, headers: { ...form.headers, ...headers }, payload: form.payload });
};
const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const lastAudit = async (targetId: string) =>
  (
    await ctx.db.query<{ action: string; changes: Record<string, unknown>; organization_id: string | null; actor_id: string }>(
      `select action, changes, organization_id, actor_id from audit_logs where target_type = 'system_config' and target_id = $1 order by created_at desc, id desc limit 1`,
      [targetId],
    )
  ).rows[0]!;
const setSettings = async (values: Record<string, unknown>) => {
  const res = await ctx.as(superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: values });
  expect(res.statusCode, res.body).toBe(200);
};
const uniqueKey = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  orgA = await ctx.createOrg('Config Org A');
  orgB = await ctx.createOrg('Config Org B');
  superAdmin = await ctx.createUser('super_admin', orgA.id);
  adminA = await ctx.createUser('admin', orgA.id);
  adminB = await ctx.createUser('admin', orgB.id);
});
afterAll(() => ctx?.close());

describe('create and typed values', () => {
  it('creates each editable type with its parsed value', async () => {
    const s = await created(adminA, { key: uniqueKey('types.string'), value_type: 'string', value: 'hello world', description: 'A text' });
    expect(s).toMatchObject({
      value_type: 'string',
      value: 'hello world',
      description: 'A text',
      organization_id: orgA.id,
      organization_name: orgA.name,
      environment: null,
      is_enabled: true,
      has_secret: false,
      file: null,
      created_by: adminA.email,
      updated_by: adminA.email,
    });
    expect((await created(adminA, { key: uniqueKey('types.number'), value_type: 'number', value: '42.5' })).value).toBe(42.5);
    expect((await created(adminA, { key: uniqueKey('types.number'), value_type: 'number', value: -3 })).value).toBe(-3);
    expect((await created(adminA, { key: uniqueKey('types.boolean'), value_type: 'boolean', value: 'false' })).value).toBe(false);
    expect((await created(adminA, { key: uniqueKey('types.boolean'), value_type: 'boolean', value: true })).value).toBe(true);
    expect((await created(adminA, { key: uniqueKey('types.json'), value_type: 'json', value: '{"retries": 3, "hosts": ["a", "b"]}' })).value).toEqual({
      retries: 3,
      hosts: ['a', 'b'],
    });
    expect(
      (await created(adminA, { key: uniqueKey('types.json'), value_type: 'json', value: { nested: { ok: true } }, environment: 'staging' })).value,
    ).toEqual({ nested: { ok: true } });
    const secret = await created(adminA, { key: uniqueKey('types.secret'), value_type: 'secret', value: SECRET });
    expect(secret).toMatchObject({ value_type: 'secret', value: null, has_secret: true });
  });

  it('refuses values that do not fit their type with 422 and the message, writing nothing', async () => {
    const bad = '{"retries": 3,';
    let reason = '';
    try {
      JSON.parse(bad);
    } catch (error) {
      reason = (error as Error).message;
    }
    const before = await count('select count(*)::int as n from system_configs');
    for (const [valueType, value, message] of [
      ['json', bad, CONFIG_MESSAGES.invalidJson(reason)],
      ['number', 'forty-two', CONFIG_MESSAGES.notANumber],
      ['boolean', 'yes', CONFIG_MESSAGES.notABoolean],
      ['secret', '', CONFIG_MESSAGES.valueRequired],
      ['string', 'x'.repeat(10_001), CONFIG_MESSAGES.stringTooLong],
      ['number', null, CONFIG_MESSAGES.valueRequired],
    ] as const) {
      const res = await create(adminA, { key: uniqueKey('bad.value'), value_type: valueType, value });
      expect(res.statusCode, `${valueType} ${String(value).slice(0, 20)}`).toBe(422);
      expect(res.json().validation_errors).toEqual([{ field: 'value', message }]);
    }
    // A file is only uploaded; an unknown field is malformed; a bad key is invalid.
    expect((await create(adminA, { key: uniqueKey('bad.file'), value_type: 'file', value: 'x' })).statusCode).toBe(422);
    expect((await create(adminA, { key: uniqueKey('bad.extra'), value_type: 'string', value: 'x', colour: 'blue' })).statusCode).toBe(400);
    const badKey = await create(adminA, { key: 'Has Spaces', value_type: 'string', value: 'x' });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().validation_errors[0].field).toBe('key');
    expect(await count('select count(*)::int as n from system_configs')).toBe(before);
  });

  it('holds a known key to its type (features.ai_assistant is a boolean)', async () => {
    const res = await create(adminA, { key: 'features.ai_assistant', value_type: 'string', value: 'false' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'value_type', message: CONFIG_MESSAGES.typeMismatch('features.ai_assistant', 'boolean') }]);
    const ok = await created(adminA, { key: 'features.ai_assistant', value_type: 'boolean', value: true, environment: 'development' });
    const retype = await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${ok.id}`, payload: { value_type: 'number', value: 1 } });
    expect(retype.statusCode).toBe(422);
    expect(retype.json().validation_errors).toEqual([{ field: 'value_type', message: CONFIG_MESSAGES.typeMismatch('features.ai_assistant', 'boolean') }]);
    // A known file key is uploaded, not created.
    const logo = await create(adminA, { key: 'branding.logo', value_type: 'string', value: 'logo.png' });
    expect(logo.statusCode).toBe(422);
    await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${ok.id}` });
  });

  it('refuses a second entry with the same key, organization and environment (409), not another environment', async () => {
    const key = uniqueKey('dup');
    await created(adminA, { key, value_type: 'string', value: 'one' });
    const again = await create(adminA, { key, value_type: 'number', value: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CONFIG_MESSAGES.duplicate, validation_errors: [{ field: 'key', message: CONFIG_MESSAGES.duplicate }] });
    await created(adminA, { key, value_type: 'string', value: 'prod', environment: 'production' });
    expect((await create(adminA, { key, value_type: 'string', value: 'prod again', environment: 'production' })).statusCode).toBe(409);
    // The same key in another organization, or global, is its own entry.
    await created(adminB, { key, value_type: 'string', value: 'org b' });
    await created(superAdmin, { key, value_type: 'string', value: 'global' });
    expect((await create(superAdmin, { key, value_type: 'string', value: 'global again' })).statusCode).toBe(409);
    // Moving an entry onto a taken environment is a conflict too.
    const staging = await created(adminA, { key, value_type: 'string', value: 'staging', environment: 'staging' });
    const moved = await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${staging.id}`, payload: { environment: 'production' } });
    expect(moved.statusCode).toBe(409);
  });
});

describe('secrets', () => {
  it('never come back in any response and are stored encrypted', async () => {
    const key = uniqueKey('secret.api');
    const res = await create(adminA, { key, value_type: 'secret', value: SECRET, description: 'Upstream key' });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(SECRET);
    const entry = res.json() as ConfigEntry;
    const responses = [
      await get(adminA, `${BASE}/${entry.id}`),
      await get(adminA, `${BASE}?q=${encodeURIComponent(key)}`),
      await get(adminA, `${BASE}?kind=secret&limit=200`),
      await get(adminA, `${BASE}/by-key/${key}`),
      await get(superAdmin, `${BASE}?limit=200`),
      await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { description: 'Upstream key (rotated yearly)' } }),
      await ctx.as(adminA, { method: 'POST', url: `${BASE}/${entry.id}/toggle` }),
      await ctx.as(adminA, { method: 'POST', url: `${BASE}/${entry.id}/toggle` }),
      await get(adminA, `${BASE}/${entry.id}/file`),
    ];
    for (const r of responses) {
      expect(r.statusCode === 200 || r.statusCode === 404, r.body).toBe(true);
      expect(r.body).not.toContain(SECRET);
    }
    expect(responses[0]!.json()).toMatchObject({ value: null, has_secret: true });
    expect(responses[1]!.json().items).toEqual([expect.objectContaining({ id: entry.id, value: null, has_secret: true })]);
    expect(responses[3]!.json().entry).toMatchObject({ id: entry.id, value: null, has_secret: true });
    // The free text search never looks inside a secret.
    expect((await list(adminA, `q=${encodeURIComponent(SECRET.slice(8, 20))}`)).total).toBe(0);

    const stored = (await ctx.db.query<{ value: unknown; secret_value: string }>('select value, secret_value from system_configs where id = $1', [entry.id]))
      .rows[0]!;
    expect(stored.value).toBeNull();
    expect(stored.secret_value).not.toContain(SECRET);
    expect(stored.secret_value).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(decryptText(stored.secret_value, ctx.app.secrets.secretKey)).toBe(SECRET);
  });

  it('keeps the stored secret when an update leaves the value out, replaces it when sent', async () => {
    const entry = await created(adminA, { key: uniqueKey('secret.keep'), value_type: 'secret', value: SECRET });
    const storedSecret = async () =>
      (await ctx.db.query<{ secret_value: string }>('select secret_value from system_configs where id = $1', [entry.id])).rows[0]!.secret_value;
    const before = await storedSecret();
    const kept = await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { description: 'Kept', value_type: 'secret' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ description: 'Kept', has_secret: true, value: null });
    expect(await storedSecret()).toBe(before);
    const rotated = await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { value: 'sk-live-Rotated-Value-1234' } });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body).not.toContain('Rotated-Value');
    expect(decryptText(await storedSecret(), ctx.app.secrets.secretKey)).toBe('sk-live-Rotated-Value-1234');
    const audit = await lastAudit(entry.id);
    expect(audit.action).toBe('system_config.update');
    expect(audit.changes).toEqual({ key: entry.key, before: {}, after: { value: '[changed]' } });
    // A secret turned into a string loses the stored secret.
    const plain = await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { value_type: 'string', value: 'now public' } });
    expect(plain.json()).toMatchObject({ value_type: 'string', value: 'now public', has_secret: false });
    expect(await storedSecret()).toBeNull();
  });
});

describe('list filters and stats', () => {
  let org: { id: string; name: string };
  let admin: TestUser;
  const prefix = `listing-${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    org = await ctx.createOrg('Config Listing Org');
    admin = await ctx.createUser('admin', org.id);
    await createTestConfig(ctx.db, org.id, { key: `${prefix}.alpha`, value_type: 'string', value: 'first value' });
    await createTestConfig(ctx.db, org.id, { key: `${prefix}.beta`, value_type: 'number', value: 7, environment: 'production' });
    await createTestConfig(ctx.db, org.id, { key: `${prefix}.gamma`, value_type: 'boolean', value: false, environment: 'staging', is_enabled: false });
    await createTestConfig(ctx.db, org.id, { key: `${prefix}.delta`, value_type: 'json', value: { needle: 'haystack' }, environment: 'production' });
    await createTestConfigFile(ctx.db, org.id, {
      key: `${prefix}.file`,
      content: Buffer.alloc(1000, 1),
      contentType: 'application/pdf',
      fileName: 'terms.pdf',
    });
    await createTestConfig(ctx.db, null, { key: `${prefix}.global`, value_type: 'string', value: 'for all' });
    await createTestConfig(ctx.db, orgB.id, { key: `${prefix}.other`, value_type: 'string', value: 'org b only' });
  });

  const keys = (body: { items: ConfigEntry[] }) => body.items.map((i) => i.key.slice(prefix.length + 1));

  it('filters by organization (incl. global), environment (incl. all), enabled, kind and free text', async () => {
    const all = await list(admin, `q=${prefix}`);
    expect(keys(all)).toEqual(['alpha', 'beta', 'delta', 'file', 'gamma', 'global']);
    expect(all.total).toBe(6);
    expect(keys(await list(admin, `q=${prefix}&organization_id=global`))).toEqual(['global']);
    expect(keys(await list(admin, `q=${prefix}&organization_id=${org.id}`))).toEqual(['alpha', 'beta', 'delta', 'file', 'gamma']);
    expect(keys(await list(admin, `q=${prefix}&environment=production`))).toEqual(['beta', 'delta']);
    expect(keys(await list(admin, `q=${prefix}&environment=all`))).toEqual(['alpha', 'file', 'global']);
    expect(keys(await list(admin, `q=${prefix}&enabled=false`))).toEqual(['gamma']);
    expect(keys(await list(admin, `q=${prefix}&enabled=true&organization_id=${org.id}`))).toEqual(['alpha', 'beta', 'delta', 'file']);
    expect(keys(await list(admin, `q=${prefix}&kind=file`))).toEqual(['file']);
    expect(keys(await list(admin, `q=${prefix}&kind=json`))).toEqual(['delta']);
    // Free text finds values and file names too.
    expect(keys(await list(admin, `q=haystack&organization_id=${org.id}`))).toEqual(['delta']);
    expect(keys(await list(admin, `q=terms.pdf&organization_id=${org.id}`))).toEqual(['file']);
    // Another organization's entries are not visible, even when named.
    expect((await list(admin, `q=${prefix}&organization_id=${orgB.id}`)).total).toBe(0);
    // A super admin sees every organization's.
    expect(keys(await list(superAdmin, `q=${prefix}`))).toEqual(['alpha', 'beta', 'delta', 'file', 'gamma', 'global', 'other']);
    // Acting in one organization: that one's and the global ones.
    expect(keys(await list(superAdmin, `q=${prefix}`, { 'x-organization-id': orgB.id }))).toEqual(['global', 'other']);
    // Bad filters are refused.
    expect((await get(admin, `${BASE}?environment=moon`)).statusCode).toBe(422);
    expect((await get(admin, `${BASE}?organization_id=nobody`)).statusCode).toBe(422);
    expect((await get(admin, `${BASE}?colour=blue`)).statusCode).toBe(400);
  });

  it('pages with limit and offset and sorts', async () => {
    const page1 = await list(admin, `q=${prefix}&limit=2&offset=0`);
    const page2 = await list(admin, `q=${prefix}&limit=2&offset=2`);
    const page4 = await list(admin, `q=${prefix}&limit=2&offset=6`);
    expect(page1).toMatchObject({ total: 6, limit: 2, offset: 0 });
    expect(keys(page1)).toEqual(['alpha', 'beta']);
    expect(keys(page2)).toEqual(['delta', 'file']);
    expect(page4.items).toEqual([]);
    expect(page4.total).toBe(6);
    expect(keys(await list(admin, `q=${prefix}&sort=-key`))).toEqual(['global', 'gamma', 'file', 'delta', 'beta', 'alpha']);
    // Environment: every-environment entries (null) first, then by name.
    expect(keys(await list(admin, `q=${prefix}&sort=environment`))).toEqual(['alpha', 'file', 'global', 'beta', 'delta', 'gamma']);
    await ctx.db.query(`update system_configs set updated_at = now() + interval '1 minute' where key = $1`, [`${prefix}.beta`]);
    expect(keys(await list(admin, `q=${prefix}&sort=-updated_at`))[0]).toBe('beta');
    expect(keys(await list(admin, `q=${prefix}&sort=updated_at`)).at(-1)).toBe('beta');
    expect((await get(admin, `${BASE}?limit=201`)).statusCode).toBe(422);
    expect((await get(admin, `${BASE}?sort=value`)).statusCode).toBe(422);
  });

  it('stats count what the caller sees, by environment, kind and organization, with file bytes', async () => {
    const statsOf = async (user: TestUser, headers: Record<string, string> = {}) => {
      const res = await get(user, `${BASE}/stats`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await statsOf(admin);
    const globals = await ctx.db.query<{ n: number; files: number; bytes: string }>(
      `select count(*)::int as n, count(f.id)::int as files, coalesce(sum(f.size_bytes), 0)::bigint as bytes from system_configs c left join config_files f on f.id = c.file_id where c.organization_id is null`,
    );
    const g = globals.rows[0]!;
    expect(before.total).toBe(5 + g.n);
    expect(before.files).toBe(1 + g.files);
    expect(before.file_bytes).toBe(1000 + Number(g.bytes));
    expect(before.by_organization).toEqual(expect.arrayContaining([{ organization_id: org.id, organization_name: org.name, count: 5 }]));
    expect(before.by_organization.some((o: { organization_id: string }) => o.organization_id === orgB.id)).toBe(false);
    expect(before.upload_limit_bytes).toBe(10 * 1024 * 1024);
    expect(before.server_environment).toBe(ctx.config.environment);

    // One more of each: the counts move by exactly that.
    await createTestConfig(ctx.db, org.id, { key: `${prefix}.more`, value_type: 'json', value: [1], environment: 'development', is_enabled: false });
    await createTestConfigFile(ctx.db, org.id, { key: `${prefix}.more-file`, content: Buffer.alloc(CHUNK_BYTES + 10, 2), environment: 'staging' });
    const after = await statsOf(admin);
    expect(after.total - before.total).toBe(2);
    expect(after.enabled - before.enabled).toBe(1);
    expect(after.disabled - before.disabled).toBe(1);
    expect(after.by_environment.development - before.by_environment.development).toBe(1);
    expect(after.by_environment.staging - before.by_environment.staging).toBe(1);
    expect(after.by_environment.all - before.by_environment.all).toBe(0);
    expect(after.by_kind.json - before.by_kind.json).toBe(1);
    expect(after.by_kind.file - before.by_kind.file).toBe(1);
    expect(after.files - before.files).toBe(1);
    expect(after.file_bytes - before.file_bytes).toBe(CHUNK_BYTES + 10);
    expect(after.total).toBe(after.enabled + after.disabled);
    expect(Object.values(after.by_environment as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(after.total);
    expect(Object.values(after.by_kind as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(after.total);
    // A super admin's cover every organization.
    const all = await statsOf(superAdmin);
    expect(all.total).toBe(await count('select count(*)::int as n from system_configs'));
    expect(all.by_organization).toEqual(expect.arrayContaining([{ organization_id: orgB.id, organization_name: orgB.name, count: expect.any(Number) }]));
  });
});

describe('GET /by-key/:key', () => {
  it('resolves organization + environment, then organization, then global + environment, then global, skipping disabled ones', async () => {
    const key = uniqueKey('resolve');
    const globalAll = await created(superAdmin, { key, value_type: 'string', value: 'global' });
    const globalProd = await created(superAdmin, { key, value_type: 'string', value: 'global production', environment: 'production' });
    const orgAll = await created(adminA, { key, value_type: 'string', value: 'org' });
    const orgProd = await created(adminA, { key, value_type: 'string', value: 'org production', environment: 'production' });
    const resolve = async (user: TestUser, environment?: string, headers: Record<string, string> = {}) => {
      const res = await get(user, `${BASE}/by-key/${key}${environment ? `?environment=${environment}` : ''}`, headers);
      return res.statusCode === 200 ? (res.json() as { resolved_from: string; environment: string; organization_id: string | null; entry: ConfigEntry }) : res;
    };
    const resolved = async (user: TestUser, environment?: string, headers: Record<string, string> = {}) => {
      const r = await resolve(user, environment, headers);
      if ('statusCode' in r) throw new Error(`by-key answered ${r.statusCode}: ${r.body}`);
      return [r.resolved_from, r.entry.value];
    };
    expect(await resolved(adminA, 'production')).toEqual(['organization_environment', 'org production']);
    expect(await resolved(adminA, 'staging')).toEqual(['organization', 'org']);
    expect(await resolved(adminB, 'production')).toEqual(['global_environment', 'global production']);
    expect(await resolved(adminB, 'development')).toEqual(['global', 'global']);
    // Without the parameter: the server's own environment.
    const own = await resolve(adminA);
    expect(own).toMatchObject({ environment: ctx.config.environment, organization_id: orgA.id });
    // A super admin acting in organization A sees A's; acting in none, the global ones.
    expect(await resolved(superAdmin, 'production', { 'x-organization-id': orgA.id })).toEqual(['organization_environment', 'org production']);
    expect(await resolved(superAdmin, 'production')).toEqual(['global_environment', 'global production']);

    const toggle = async (entry: ConfigEntry, user: TestUser) =>
      expect((await ctx.as(user, { method: 'POST', url: `${BASE}/${entry.id}/toggle` })).statusCode).toBe(200);
    await toggle(orgProd, adminA);
    expect(await resolved(adminA, 'production')).toEqual(['organization', 'org']);
    await toggle(orgAll, adminA);
    expect(await resolved(adminA, 'production')).toEqual(['global_environment', 'global production']);
    await toggle(globalProd, superAdmin);
    expect(await resolved(adminA, 'production')).toEqual(['global', 'global']);
    await toggle(globalAll, superAdmin);
    const none = await resolve(adminA, 'production');
    expect('statusCode' in none && none.statusCode).toBe(404);
    expect('statusCode' in none && none.json().detail).toBe(CONFIG_MESSAGES.notFoundByKey(key));
    // Enabled again, the closest one is back.
    await toggle(orgProd, adminA);
    expect(await resolved(adminA, 'production')).toEqual(['organization_environment', 'org production']);
    expect((await get(adminA, `${BASE}/by-key/${key}?environment=moon`)).statusCode).toBe(422);
    expect((await get(adminA, `${BASE}/by-key/Not%20A%20Key`)).statusCode).toBe(422);
  });
});

describe('toggle and delete', () => {
  it('toggles is_enabled with an audit row each way', async () => {
    const entry = await created(adminA, { key: uniqueKey('toggle'), value_type: 'boolean', value: true });
    const off = await ctx.as(adminA, { method: 'POST', url: `${BASE}/${entry.id}/toggle` });
    expect(off.json()).toMatchObject({ id: entry.id, is_enabled: false, value: true });
    expect(await lastAudit(entry.id)).toMatchObject({
      action: 'system_config.disable',
      organization_id: orgA.id,
      changes: { key: entry.key, before: { is_enabled: true }, after: { is_enabled: false } },
    });
    const on = await ctx.as(adminA, { method: 'POST', url: `${BASE}/${entry.id}/toggle` });
    expect(on.json().is_enabled).toBe(true);
    expect((await lastAudit(entry.id)).action).toBe('system_config.enable');
    expect((await ctx.as(adminA, { method: 'POST', url: `${BASE}/${randomUUID()}/toggle` })).statusCode).toBe(404);
  });

  it('deletes an entry, and its file with it', async () => {
    const file = await createTestConfigFile(ctx.db, orgA.id, { key: uniqueKey('delete.file'), content: randomBytes(CHUNK_BYTES * 2 + 5) });
    const fileId = (await ctx.db.query<{ file_id: string }>('select file_id from system_configs where id = $1', [file.id])).rows[0]!.file_id;
    expect(await count('select count(*)::int as n from config_file_chunks where file_id = $1', [fileId])).toBe(3);
    const res = await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${file.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Configuration entry deleted' });
    expect(await count('select count(*)::int as n from system_configs where id = $1', [file.id])).toBe(0);
    expect(await count('select count(*)::int as n from config_files where id = $1', [fileId])).toBe(0);
    expect(await count('select count(*)::int as n from config_file_chunks where file_id = $1', [fileId])).toBe(0);
    expect(await lastAudit(file.id)).toMatchObject({
      action: 'system_config.delete',
      changes: { before: { key: file.key, value_type: 'file', value: '[file]' } },
    });
    expect((await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${file.id}` })).statusCode).toBe(404);
    expect((await get(adminA, `${BASE}/${file.id}`)).statusCode).toBe(404);
  });
});

describe('POST /upload-binary and GET /:id/file', () => {
  it('creates a file entry (201), then replaces its file at the same key (200); SHA-256 and content type recorded', async () => {
    const key = uniqueKey('upload.terms');
    const first = Buffer.from('name,value\nalpha,1\n');
    const res = await upload(adminA, { key, description: 'Terms table', environment: 'production' }, { name: 'terms.csv', type: 'text/csv', content: first });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as ConfigEntry;
    expect(entry).toMatchObject({
      key,
      description: 'Terms table',
      organization_id: orgA.id,
      environment: 'production',
      value_type: 'file',
      value: null,
      file: {
        file_name: 'terms.csv',
        content_type: 'text/csv',
        size_bytes: first.length,
        sha256: createHash('sha256').update(first).digest('hex'),
        download_url: `${BASE}/${entry.id}/file`,
      },
    });
    const oldFileId = (await ctx.db.query<{ file_id: string }>('select file_id from system_configs where id = $1', [entry.id])).rows[0]!.file_id;
    expect(await lastAudit(entry.id)).toMatchObject({
      action: 'system_config.upload',
      changes: { key, after: { file_name: 'terms.csv', size_bytes: first.length, content_type: 'text/csv' } },
    });

    const second = Buffer.from('name,value\nalpha,1\nbeta,2\n');
    const replaced = await upload(adminA, { key, environment: 'production' }, { name: 'terms-v2.csv', type: 'text/csv; charset=utf-8', content: second });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: entry.id,
      description: 'Terms table',
      file: { file_name: 'terms-v2.csv', content_type: 'text/csv', size_bytes: second.length, sha256: createHash('sha256').update(second).digest('hex') },
    });
    expect(await count('select count(*)::int as n from config_files where id = $1', [oldFileId])).toBe(0);
    expect((await lastAudit(entry.id)).changes).toMatchObject({
      before: { file_name: 'terms.csv', size_bytes: first.length },
      after: { file_name: 'terms-v2.csv', size_bytes: second.length },
    });
    // Another environment is another entry.
    expect((await upload(adminA, { key }, { name: 'terms.csv', type: 'text/csv', content: first })).statusCode).toBe(201);
    // A typed entry at that key is not replaced by a file.
    const typedKey = uniqueKey('upload.typed');
    await created(adminA, { key: typedKey, value_type: 'string', value: 'text' });
    expect((await upload(adminA, { key: typedKey }, { name: 'x.txt', type: 'text/plain', content: first })).statusCode).toBe(409);
  });

  it('round-trips a multi-chunk file byte for byte, with safe download headers', async () => {
    const content = randomBytes(CHUNK_BYTES * 2 + 12_345);
    const res = await upload(adminA, { key: uniqueKey('upload.big') }, { name: 'bundle.bin', type: 'application/zip', content });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as ConfigEntry;
    const sha = createHash('sha256').update(content).digest('hex');
    expect(entry.file).toMatchObject({ size_bytes: content.length, sha256: sha, content_type: 'application/zip' });
    const fileId = (await ctx.db.query<{ file_id: string }>('select file_id from system_configs where id = $1', [entry.id])).rows[0]!.file_id;
    expect(await count('select count(*)::int as n from config_file_chunks where file_id = $1', [fileId])).toBe(3);
    expect(await count('select count(*)::int as n from config_files where id = $1 and complete', [fileId])).toBe(1);

    const download = await get(adminA, entry.file!.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(content.length);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sha);
    expect(download.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-length': String(content.length),
      'content-disposition': 'attachment; filename="bundle.bin"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'x-content-sha256': sha,
    });
    // A typed entry holds no file.
    const typed = await created(adminA, { key: uniqueKey('upload.nofile'), value_type: 'string', value: 'x' });
    const noFile = await get(adminA, `${BASE}/${typed.id}/file`);
    expect(noFile.statusCode).toBe(404);
    expect(noFile.json().detail).toBe(CONFIG_MESSAGES.notAFile);
  });

  it('serves an uploaded HTML or SVG file as plain bytes, never as a page', async () => {
    for (const [name, type, content] of [
      ['page.html', 'text/html', '<html><script>alert(1)</script></html>'],
      ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ] as const) {
      const res = await upload(adminA, { key: uniqueKey('upload.active') }, { name, type, content: Buffer.from(content) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().file.content_type).toBe(type);
      const download = await get(adminA, res.json().file.download_url);
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(download.body).toBe(content);
    }
  });

  it('refuses a file over the upload limit with 413 and keeps nothing', async () => {
    await setSettings({ upload_limit_bytes: 300 * 1024 });
    try {
      const files = await count('select count(*)::int as n from config_files');
      const chunks = await count('select count(*)::int as n from config_file_chunks');
      const entries = await count('select count(*)::int as n from system_configs');
      const key = uniqueKey('upload.large');
      const res = await upload(adminA, { key }, { name: 'large.bin', type: 'application/octet-stream', content: randomBytes(300 * 1024 + 1) });
      expect(res.statusCode).toBe(413);
      const message = CONFIG_MESSAGES.fileTooLarge(formatBytes(300 * 1024));
      expect(res.json()).toEqual({ detail: message, validation_errors: [{ field: 'file', message }] });
      expect(message).toBe('The file is larger than the upload limit of 300 KB.');
      expect(await count('select count(*)::int as n from config_files')).toBe(files);
      expect(await count('select count(*)::int as n from config_file_chunks')).toBe(chunks);
      expect(await count('select count(*)::int as n from system_configs')).toBe(entries);
      expect(await count('select count(*)::int as n from config_files where not complete')).toBe(0);
      // A body whose Content-Length is already well over the limit is refused before anything is read.
      const far = await upload(adminA, { key }, { name: 'larger.bin', type: 'application/octet-stream', content: randomBytes(600 * 1024) });
      expect(far.statusCode).toBe(413);
      expect(far.json()).toEqual({ detail: message, validation_errors: [{ field: 'file', message }] });
      expect(await count('select count(*)::int as n from config_files')).toBe(files);
      // Exactly at the limit is fine.
      const atLimit = await upload(adminA, { key }, { name: 'large.bin', type: 'application/octet-stream', content: randomBytes(300 * 1024) });
      expect(atLimit.statusCode, atLimit.body).toBe(201);
    } finally {
      await setSettings({ upload_limit_bytes: 10 * 1024 * 1024 });
    }
  });

  it('takes only raster images for branding.logo (415 for anything else, an SVG too)', async () => {
    const files = await count('select count(*)::int as n from config_files');
    const refused = CONFIG_MESSAGES.refusedType('branding.logo', 'PNG, JPEG, GIF or WebP');
    for (const [name, type, content] of [
      ['logo.txt', 'text/plain', Buffer.from('not an image')],
      ['logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      // Claiming PNG is not enough: the bytes decide.
      ['logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ] as const) {
      const res = await upload(adminA, { key: 'branding.logo' }, { name, type, content });
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ detail: refused, validation_errors: [{ field: 'file', message: refused }] });
    }
    expect(await count('select count(*)::int as n from config_files')).toBe(files);
    // A PNG sent as anything is recorded as the PNG it is.
    const ok = await upload(adminA, { key: 'branding.logo', environment: 'staging' }, { name: 'logo.png', type: 'application/octet-stream', content: PNG_1X1 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().file.content_type).toBe('image/png');
    await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${ok.json().id}` });
  });

  it('refuses a form without a file or key (422), with an unknown field or part (400), and a JSON body (400)', async () => {
    const files = await count('select count(*)::int as n from config_files');
    const noFile = await upload(adminA, { key: uniqueKey('upload.nofile') });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().validation_errors).toEqual([{ field: 'file', message: CONFIG_MESSAGES.fileRequired }]);
    const noKey = await upload(adminA, {}, { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().validation_errors[0].field).toBe('key');
    const unknown = await upload(
      adminA,
      { key: uniqueKey('upload.unknown'), colour: 'blue' },
      { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validation_errors).toEqual([{ field: 'colour', message: 'Unknown field' }]);
    const wrongPart = await upload(
      adminA,
      { key: uniqueKey('upload.wrongpart') },
      { field: 'attachment', name: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
    );
    expect(wrongPart.statusCode).toBe(400);
    const badEnv = await upload(
      adminA,
      { key: uniqueKey('upload.env'), environment: 'moon' },
      { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
    );
    expect(badEnv.statusCode).toBe(422);
    // A JSON body is not a form: the route takes none (400), and nothing is stored.
    const json = await ctx.as(adminA, { method: 'POST', url: `${BASE}/upload-binary`, payload: { key: uniqueKey('upload.json') } });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toEqual(expect.any(String));
    expect(await count('select count(*)::int as n from config_files')).toBe(files);
  });
});

describe('permissions', () => {
  it('an admin manages their own organization’s entries', async () => {
    const entry = await created(adminA, { key: uniqueKey('perm.own'), value_type: 'string', value: 'mine' });
    expect(entry.organization_id).toBe(orgA.id);
    expect((await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { value: 'changed' } })).json().value).toBe('changed');
    expect((await ctx.as(adminA, { method: 'POST', url: `${BASE}/${entry.id}/toggle` })).statusCode).toBe(200);
    expect((await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${entry.id}` })).statusCode).toBe(200);
  });

  it('an admin reads global entries but cannot create, change, toggle or delete them (403)', async () => {
    const globalEntry = await created(superAdmin, { key: uniqueKey('perm.global'), value_type: 'string', value: 'for everyone' });
    expect(globalEntry.organization_id).toBeNull();
    const forbidden = { detail: CONFIG_MESSAGES.globalNeedsSuperAdmin };
    const attempts = [
      await create(adminA, { key: uniqueKey('perm.global'), value_type: 'string', value: 'x', organization_id: null }),
      await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${globalEntry.id}`, payload: { value: 'hijacked' } }),
      await ctx.as(adminA, { method: 'POST', url: `${BASE}/${globalEntry.id}/toggle` }),
      await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${globalEntry.id}` }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    const read = await get(adminA, `${BASE}/${globalEntry.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ value: 'for everyone', is_enabled: true });
    expect((await list(adminA, `q=${globalEntry.key}`)).total).toBe(1);
    // An upload never lands globally for an admin: without organization_id it goes to their own.
    const up = await upload(adminA, { key: uniqueKey('perm.upload') }, { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') });
    expect(up.json().organization_id).toBe(orgA.id);
  });

  it('an admin cannot see, change or create another organization’s entries', async () => {
    const other = await created(adminB, { key: uniqueKey('perm.other'), value_type: 'string', value: 'org b secret plan' });
    const otherFile = await createTestConfigFile(ctx.db, orgB.id, {});
    for (const res of [
      await get(adminA, `${BASE}/${other.id}`),
      await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${other.id}`, payload: { value: 'x' } }),
      await ctx.as(adminA, { method: 'POST', url: `${BASE}/${other.id}/toggle` }),
      await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${other.id}` }),
      await get(adminA, `${BASE}/${otherFile.id}/file`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret plan');
    }
    expect((await list(adminA, `q=${other.key}`)).total).toBe(0);
    expect((await get(adminA, `${BASE}/by-key/${other.key}`)).statusCode).toBe(404);
    const into = await create(adminA, { key: uniqueKey('perm.into'), value_type: 'string', value: 'x', organization_id: orgB.id });
    expect(into.statusCode).toBe(403);
    expect(into.json().detail).toBe(SERVER_MESSAGES.otherOrganization);
    const uploadInto = await upload(
      adminA,
      { key: uniqueKey('perm.into'), organization_id: orgB.id },
      { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
    );
    expect(uploadInto.statusCode).toBe(403);
    expect(await get(adminB, `${BASE}/${other.id}`).then((r) => r.json().value)).toBe('org b secret plan');
  });

  it('a manager granted manage_integrations is still refused (the role rule), a viewer too', async () => {
    const manager = await ctx.createUser('manager', orgA.id, { permissions: ['manage_integrations'] });
    const viewer = await ctx.createUser('viewer', orgA.id);
    const entry = await created(adminA, { key: uniqueKey('perm.manager'), value_type: 'string', value: 'x' });
    for (const user of [manager, viewer]) {
      expect((await get(user, BASE)).statusCode).toBe(403);
      expect((await get(user, `${BASE}/stats`)).statusCode).toBe(403);
      expect((await get(user, `${BASE}/${entry.id}`)).statusCode).toBe(403);
      expect((await create(user, { key: uniqueKey('perm.manager'), value_type: 'string', value: 'x' })).statusCode).toBe(403);
      expect((await upload(user, { key: uniqueKey('perm.manager') }, { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });

  it('a super admin does everything, in any organization and globally', async () => {
    const inB = await created(superAdmin, { key: uniqueKey('perm.super'), value_type: 'number', value: 1, organization_id: orgB.id });
    expect(inB.organization_id).toBe(orgB.id);
    const acting = await created(superAdmin, { key: uniqueKey('perm.super'), value_type: 'number', value: 2 }, { 'x-organization-id': orgA.id });
    expect(acting.organization_id).toBe(orgA.id);
    const global = await created(superAdmin, { key: uniqueKey('perm.super'), value_type: 'number', value: 3 });
    expect(global.organization_id).toBeNull();
    for (const entry of [inB, acting, global]) {
      expect((await ctx.as(superAdmin, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { value: 10 } })).json().value).toBe(10);
      expect((await ctx.as(superAdmin, { method: 'POST', url: `${BASE}/${entry.id}/toggle` })).json().is_enabled).toBe(false);
      expect((await ctx.as(superAdmin, { method: 'DELETE', url: `${BASE}/${entry.id}` })).statusCode).toBe(200);
    }
    const globalFile = await upload(superAdmin, { key: uniqueKey('perm.superfile') }, { name: 'a.txt', type: 'text/plain', content: Buffer.from('a') });
    expect(globalFile.statusCode).toBe(201);
    expect(globalFile.json().organization_id).toBeNull();
    // An organization that does not exist is a field error.
    const nowhere = await create(superAdmin, { key: uniqueKey('perm.nowhere'), value_type: 'number', value: 1, organization_id: randomUUID() });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().validation_errors).toEqual([{ field: 'organization_id', message: 'Organization not found' }]);
  });
});

describe('audit trail', () => {
  it('writes a row for create, update, toggle, delete and upload, with no secret value in it', async () => {
    const key = uniqueKey('audit.secret');
    const entry = await created(adminA, { key, value_type: 'secret', value: SECRET, environment: 'staging' });
    await ctx.as(adminA, { method: 'PUT', url: `${BASE}/${entry.id}`, payload: { value: `${SECRET}-2`, description: 'Rotated' } });
    await ctx.as(adminA, { method: 'POST', url: `${BASE}/${entry.id}/toggle` });
    await ctx.as(adminA, { method: 'DELETE', url: `${BASE}/${entry.id}` });
    const up = (
      await upload(adminA, { key: uniqueKey('audit.file') }, { name: 'notes.txt', type: 'text/plain', content: Buffer.from(SECRET) })
    ).json() as ConfigEntry;
    const rows = await ctx.db.query<{ action: string; changes: Record<string, unknown>; actor_id: string; organization_id: string; target_id: string }>(
      `select action, changes, actor_id, organization_id, target_id from audit_logs where target_type = 'system_config' and target_id = any($1::text[]) order by created_at, id`,
      [[entry.id, up.id]],
    );
    expect(rows.rows.map((r) => r.action)).toEqual([
      'system_config.create',
      'system_config.update',
      'system_config.disable',
      'system_config.delete',
      'system_config.upload',
    ]);
    for (const row of rows.rows) {
      expect(row.actor_id).toBe(adminA.id);
      expect(row.organization_id).toBe(orgA.id);
      expect(JSON.stringify(row.changes)).not.toContain(SECRET);
    }
    expect(rows.rows[0]!.changes).toEqual({
      after: { key, environment: 'staging', value_type: 'secret', value: '[hidden]', is_enabled: true, description: '' },
    });
    expect(rows.rows[1]!.changes).toEqual({ key, before: { description: '' }, after: { description: 'Rotated', value: '[changed]' } });
    expect(rows.rows[3]!.changes).toMatchObject({ before: { key, value: '[hidden]' } });
    expect(rows.rows[4]!.changes).toMatchObject({
      after: { file_name: 'notes.txt', size_bytes: SECRET.length, sha256: createHash('sha256').update(SECRET).digest('hex') },
    });
  });
});

describe('flags the product reads', () => {
  it('answers a lookup inside a transaction when the shared lookup of that entry is queued behind it', async () => {
    // As SettingsStore: a lookup begun outside while a transaction holds the embedded database's one connection
    // waits for that transaction, so a lookup of the same entry inside it must not wait for that one.
    const key = uniqueKey('queued.flag');
    await created(superAdmin, { key, value_type: 'boolean', value: false });
    const cache = new EffectiveConfigCache(ctx.db);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let proceed!: () => void;
    const begunOutside = new Promise<void>((resolve) => (proceed = resolve));
    const answered = ctx.db.transaction(async () => {
      entered();
      await begunOutside;
      return cache.flag(key, orgA.id, 'production');
    });
    await inside;
    const outside = cache.flag(key, orgA.id, 'production'); // begun outside, queued behind the transaction
    proceed();
    const tooLong = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000));
    expect(await Promise.race([answered, tooLong])).toBe(false);
    expect(await outside).toBe(false);
    // Answered, the shared lookup serves callers inside transactions too.
    expect(await ctx.db.transaction(() => cache.flag(key, orgA.id, 'production'))).toBe(false);
  });

  it('features.ai_assistant false for one organization turns the assistant off there only', async () => {
    const org = await ctx.createOrg('AI Off Org');
    const admin = await ctx.createUser('admin', org.id);
    const entry = await created(admin, { key: 'features.ai_assistant', value_type: 'boolean', value: false });
    const chat = await ctx.as(admin, { method: 'POST', url: '/api/admin/ai/chat', payload: { message: 'Hello', context: {} } });
    expect(chat.statusCode).toBe(403);
    expect(chat.json().detail).toBe(AI_MESSAGES.turnedOff);
    const generate = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/ai-generator/generate-workflow',
      payload: { description: 'A KYC onboarding flow with an approval' },
    });
    expect(generate.statusCode).toBe(403);
    expect((await get(admin, '/api/admin/ai/status')).json().enabled).toBe(false);
    expect((await get(admin, '/api/system/branding')).json().ai_assistant).toBe(false);
    // Another organization is unaffected.
    expect((await get(adminB, '/api/admin/ai/status')).json().enabled).toBe(true);
    expect((await get(adminB, '/api/system/branding')).json().ai_assistant).toBe(true);
    const otherChat = await ctx.as(adminB, { method: 'POST', url: '/api/admin/ai/chat', payload: { message: 'Hello', context: {} } });
    expect(otherChat.statusCode, otherChat.body).toBe(200);
    // Disabled, the entry no longer applies.
    await ctx.as(admin, { method: 'POST', url: `${BASE}/${entry.id}/toggle` });
    expect((await get(admin, '/api/admin/ai/status')).json().enabled).toBe(true);
  });

  it('intake.enabled false makes the public intake API answer 503', async () => {
    const org = await ctx.createOrg('Intake Off Org');
    const admin = await ctx.createUser('admin', org.id);
    const key = await createTestApiKey(ctx.db, org.id);
    const call = () => asKey(ctx, key, { method: 'GET', url: `/api/public/v1/applications/${randomUUID()}` });
    expect((await call()).statusCode).toBe(404);
    const entry = await created(admin, { key: 'intake.enabled', value_type: 'boolean', value: false });
    const off = await call();
    expect(off.statusCode).toBe(503);
    expect(off.json().detail).toBe(APPLICATION_MESSAGES.intakeDisabled);
    expect(off.headers['retry-after']).toBe('300');
    // Another organization's key still works.
    expect((await asKey(ctx, await createTestApiKey(ctx.db, orgB.id), { method: 'GET', url: `/api/public/v1/applications/${randomUUID()}` })).statusCode).toBe(
      404,
    );
    await ctx.as(admin, { method: 'DELETE', url: `${BASE}/${entry.id}` });
    expect((await call()).statusCode).toBe(404);
  });

  it('intake.rate_limit_per_minute 2 refuses the third call in a minute with 429', async () => {
    const org = await ctx.createOrg('Intake Limit Org');
    const admin = await ctx.createUser('admin', org.id);
    await created(admin, { key: 'intake.rate_limit_per_minute', value_type: 'number', value: 2 });
    const key = await createTestApiKey(ctx.db, org.id);
    const call = () => asKey(ctx, key, { method: 'GET', url: `/api/public/v1/applications/${randomUUID()}` });
    expect((await call()).statusCode).toBe(404);
    expect((await call()).statusCode).toBe(404);
    const third = await call();
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toBe(SERVER_MESSAGES.tooManyRequests);
  });

  it('features.demo_traffic false refuses switching demo traffic on (403)', async () => {
    const org = await ctx.createOrg('Demo Off Org');
    const admin = await ctx.createUser('admin', org.id);
    await created(admin, { key: 'features.demo_traffic', value_type: 'boolean', value: false });
    const res = await ctx.as(admin, { method: 'PUT', url: '/api/admin/applications/demo-traffic', payload: { enabled: true, per_minute: 60 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(APPLICATION_MESSAGES.demoTrafficTurnedOff);
    expect(await count(`select count(*)::int as n from api_keys where organization_id = $1`, [org.id])).toBe(0);
    expect((await get(admin, '/api/admin/applications/demo-traffic')).json().enabled).toBe(false);
  });

  it('branding.product_name for an organization beats the setting for its signed-in users; signed out sees the global one', async () => {
    const org = await ctx.createOrg('Branded Org');
    const admin = await ctx.createUser('admin', org.id);
    const branding = async (user?: TestUser) =>
      (user ? await get(user, '/api/system/branding') : await ctx.app.inject({ method: 'GET', url: '/api/system/branding' })).json();
    await created(admin, { key: 'branding.product_name', value_type: 'string', value: 'Branded Onboarding' });
    expect((await branding(admin)).product_name).toBe('Branded Onboarding');
    expect((await branding()).product_name).toBe('Admin Portal');
    expect((await branding(adminB)).product_name).toBe('Admin Portal');
    const global = await created(superAdmin, { key: 'branding.product_name', value_type: 'string', value: 'Group Portal' });
    expect((await branding()).product_name).toBe('Group Portal');
    expect((await branding(adminB)).product_name).toBe('Group Portal');
    expect((await branding(admin)).product_name).toBe('Branded Onboarding');
    await ctx.as(superAdmin, { method: 'DELETE', url: `${BASE}/${global.id}` });
    expect((await branding()).product_name).toBe('Admin Portal');
  });

  it('branding.logo is served by /api/system/branding/logo as the image, with nosniff', async () => {
    const logo = await upload(superAdmin, { key: 'branding.logo' }, { name: 'logo.png', type: 'image/png', content: PNG_1X1 });
    expect(logo.statusCode, logo.body).toBe(201);
    const url = (await ctx.app.inject({ method: 'GET', url: '/api/system/branding' })).json().logo_url as string;
    expect(url).toBe(`/api/system/branding/logo/${logo.json().id}?v=${(logo.json().file.sha256 as string).slice(0, 16)}`);
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    // An organization's own logo, for its signed-in users.
    const orgLogo = Buffer.concat([PNG_1X1, Buffer.from('org')]);
    expect((await upload(adminA, { key: 'branding.logo' }, { name: 'org.png', type: 'image/png', content: orgLogo })).statusCode).toBe(201);
    const orgUrl = (await get(adminA, '/api/system/branding')).json().logo_url as string;
    expect(orgUrl).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: orgUrl })).rawPayload.equals(orgLogo)).toBe(true);
    expect((await get(adminB, '/api/system/branding')).json().logo_url).toBe(url);
    // A deleted or disabled logo is no longer served; only branding.logo entries are, never another file by its id.
    const other = await upload(superAdmin, { key: uniqueKey('not.a.logo') }, { name: 'x.png', type: 'image/png', content: PNG_1X1 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/system/branding/logo/${other.json().id}` })).statusCode).toBe(404);
    await ctx.as(superAdmin, { method: 'DELETE', url: `${BASE}/${logo.json().id}` });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/system/branding' })).json().logo_url).toBeNull();
  });
});
