import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { isRegistrationOpen } from './registration.ts';

let ctx: TestContext;

const availability = () => ctx.app.inject({ method: 'GET', url: '/api/auth/registration' });
const register = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'Register-Pass-1', first_name: 'New', last_name: 'Person' } });
const setSettings = (id: string, settings: Record<string, unknown>) =>
  ctx.db.query('update organizations set settings = settings || $2::jsonb where id = $1', [id, JSON.stringify(settings)]);
const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;

beforeAll(async () => {
  // A database of its own: no organization here allows registration until a test opens one.
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/auth/registration', () => {
  it('answers without a session, false while no organization allows registration', async () => {
    await ctx.createOrg(undefined, { allow_registration: false, allowed_email_domains: ['closed.example'] });
    const res = await availability();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: false });
    expect(await isRegistrationOpen(ctx.db, { settingOn: true, environment: ctx.config.environment })).toBe(false);
  });

  it('stays false for an organization that allows registration but accepts no domain, or is deactivated', async () => {
    const noDomains = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: [] });
    expect((await availability()).json()).toEqual({ available: false });
    const inactive = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['dormant.example'] });
    await ctx.db.query('update organizations set is_active = false where id = $1', [inactive.id]);
    expect((await availability()).json()).toEqual({ available: false });
    await setSettings(noDomains.id, { allow_registration: true, allowed_email_domains: 'not-a-list' });
    expect((await availability()).json()).toEqual({ available: false });
  });

  it('is true once an active organization allows registration for a domain, and false again when it stops', async () => {
    const org = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['open.example'] });
    expect((await availability()).json()).toEqual({ available: true });
    await setSettings(org.id, { allow_registration: false });
    expect((await availability()).json()).toEqual({ available: false });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/auth/registration'].get.responses['200']).toBeDefined();
  });
});

describe('POST /api/auth/register while registration is not available', () => {
  it('is refused with 403 and a clear detail, and writes nothing', async () => {
    expect(await isRegistrationOpen(ctx.db, { settingOn: true, environment: ctx.config.environment })).toBe(false);
    const users = await count('select count(*)::int as n from users');
    const audits = await count('select count(*)::int as n from audit_logs');
    const res = await register('someone@closed.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.registrationUnavailable });
    expect(await count('select count(*)::int as n from users')).toBe(users);
    expect(await count('select count(*)::int as n from audit_logs')).toBe(audits);
  });

  it('goes through once an organization opens, into that organization only', async () => {
    const org = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['welcome.example'] });
    const ok = await register('first@welcome.example');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user).toMatchObject({ organization_id: org.id, role: 'viewer' });
    // Open somewhere, but not for this domain: the per-address refusal, not the unavailable one.
    const other = await register('someone@closed.example');
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe(SERVER_MESSAGES.registrationClosed);
  });
});
