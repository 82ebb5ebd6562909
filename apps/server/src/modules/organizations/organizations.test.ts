import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { isRegistrationOpen } from '../auth/registration.ts';

let ctx: TestContext;
let hq: { id: string; name: string };
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let superAdmin: TestUser;
let adminA: TestUser;
let managerA: TestUser;
let viewerA: TestUser;

const DEFAULT_SETTINGS = {
  allow_registration: false,
  allowed_email_domains: [],
  registration_requires_approval: true,
  timezone: 'UTC',
  session_timeout_minutes: 30,
  two_factor_required_roles: [],
  applicant_start: 'open',
  applicant_link_days: 14,
  applicant_language: 'en',
  applicant_embed_origins: [],
};

beforeAll(async () => {
  ctx = await createTestContext();
  hq = await ctx.createOrg('Headquarters');
  orgA = await ctx.createOrg('Alpha Org');
  orgB = await ctx.createOrg('Bravo Org', { allow_registration: true, allowed_email_domains: ['bravo.example'] });
  superAdmin = await ctx.createUser('super_admin', hq.id);
  adminA = await ctx.createUser('admin', orgA.id);
  managerA = await ctx.createUser('manager', orgA.id);
  viewerA = await ctx.createUser('viewer', orgA.id);
  await ctx.createUser('viewer', orgB.id);
});
afterAll(() => ctx.close());

describe('organization CRUD by a super admin', () => {
  it('creates an organization (201) with default settings', async () => {
    const res = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/organizations/',
      payload: { name: '  Gamma Finance ', description: 'Lends money' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Gamma Finance',
      slug: 'gamma-finance',
      description: 'Lends money',
      is_active: true,
      user_count: 0,
      settings: DEFAULT_SETTINGS,
    });
    expect(body.id).toEqual(expect.any(String));
    const shown = await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${body.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(body);
  });

  it('creates an organization with settings', async () => {
    const res = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/organizations',
      payload: { name: 'Delta Org', settings: { allow_registration: true, allowed_email_domains: ['Delta.Example'] } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().settings).toEqual({ ...DEFAULT_SETTINGS, allow_registration: true, allowed_email_domains: ['delta.example'] });
  });

  it('refuses a name already in use (any case) with 409 on the name field', async () => {
    const res = await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'alpha ORG' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: SERVER_MESSAGES.organizationNameTaken,
      validation_errors: [{ field: 'name', message: SERVER_MESSAGES.organizationNameTaken }],
    });
  });

  it('answers concurrent creates with the same name with one 201 and 409s', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Race Org' } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('refuses an empty name and invalid settings with 422', async () => {
    const empty = await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validation_errors).toEqual([{ field: 'name', message: 'Organization name is required' }]);
    const bad = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/organizations',
      payload: { name: 'Bad Settings', settings: { allowed_email_domains: ['not a domain'] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors).toEqual([expect.objectContaining({ field: 'settings.allowed_email_domains.0' })]);
  });

  it('updates name, description and status', async () => {
    const created = (await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Epsilon' } })).json();
    const res = await ctx.as(superAdmin, {
      method: 'PUT',
      url: `/api/admin/organizations/${created.id}`,
      payload: { name: 'Epsilon Renamed', description: 'New text', is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Epsilon Renamed', description: 'New text', is_active: false });
    const partial = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${created.id}`, payload: { is_active: true } });
    expect(partial.json()).toMatchObject({ name: 'Epsilon Renamed', description: 'New text', is_active: true });
  });

  it('refuses renaming onto another organization’s name with 409, and accepts keeping its own', async () => {
    const res = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}`, payload: { name: 'BRAVO org' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().validation_errors).toEqual([{ field: 'name', message: SERVER_MESSAGES.organizationNameTaken }]);
    const same = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}`, payload: { name: 'Alpha Org' } });
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for an unknown organization', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${unknown}` })).statusCode).toBe(404);
    expect((await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${unknown}`, payload: { name: 'X' } })).statusCode).toBe(404);
    expect((await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${unknown}` })).statusCode).toBe(404);
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${unknown}/settings` })).statusCode).toBe(404);
  });

  it('refuses to delete an organization that has users (409), and deletes an empty one', async () => {
    const busy = await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${orgB.id}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ detail: SERVER_MESSAGES.organizationHasUsers });
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${orgB.id}` })).statusCode).toBe(200);

    const empty = (await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Short Lived' } })).json();
    const res = await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${empty.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${empty.id}` })).statusCode).toBe(404);
    // Its name is free again.
    expect((await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Short Lived' } })).statusCode).toBe(201);
  });

  it('lists every organization with pagination, search and both items and organizations arrays', async () => {
    const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from organizations')).rows[0]!.n;
    const res = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/organizations?limit=2&offset=0' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total, limit: 2, offset: 0 });
    expect(body.items).toHaveLength(2);
    expect(body.organizations).toEqual(body.items);
    // Default order is by name.
    const names = (await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/organizations?limit=200' })).json().items.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const search = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/organizations?q=bravo' });
    expect(search.json().items.map((o: { id: string }) => o.id)).toEqual([orgB.id]);
    expect(search.json().items[0].user_count).toBe(1);
  });
});

describe('organizations seen by an organization admin', () => {
  it('lists only their own organization, in both items and organizations', async () => {
    const res = await ctx.as(adminA, { method: 'GET', url: '/api/admin/organizations/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.items.map((o: { id: string }) => o.id)).toEqual([orgA.id]);
    expect(body.organizations.map((o: { id: string }) => o.id)).toEqual([orgA.id]);
    // Any signed-in user sees their own organization (the shell shows its name).
    expect((await ctx.as(viewerA, { method: 'GET', url: '/api/admin/organizations' })).json().items.map((o: { id: string }) => o.id)).toEqual([orgA.id]);
  });

  it('reads their own organization and gets 404 for another', async () => {
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}` })).statusCode).toBe(200);
    const other = await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgB.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe('Organization not found');
  });

  it('reads and updates their own settings; only the keys sent change', async () => {
    const before = await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ organization_id: orgA.id, settings: DEFAULT_SETTINGS });

    const res = await ctx.as(adminA, {
      method: 'PUT',
      url: `/api/admin/organizations/${orgA.id}/settings`,
      payload: { allow_registration: true, allowed_email_domains: ['Alpha.Example', 'sub.alpha.example'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organization_id: orgA.id,
      settings: { ...DEFAULT_SETTINGS, allow_registration: true, allowed_email_domains: ['alpha.example', 'sub.alpha.example'] },
    });
    const tz = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}/settings`, payload: { timezone: 'Europe/Berlin' } });
    expect(tz.json().settings).toMatchObject({
      allow_registration: true,
      allowed_email_domains: ['alpha.example', 'sub.alpha.example'],
      timezone: 'Europe/Berlin',
    });
    const after = await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` });
    expect(after.json()).toEqual(tz.json());
    // The applicant's pages' settings (issue 34), checked like the rest.
    const applicant = await ctx.as(adminA, {
      method: 'PUT',
      url: `/api/admin/organizations/${orgA.id}/settings`,
      payload: { applicant_start: 'invitation', applicant_link_days: 30, applicant_language: 'de' },
    });
    expect(applicant.json().settings).toMatchObject({
      applicant_start: 'invitation',
      applicant_link_days: 30,
      applicant_language: 'de',
      timezone: 'Europe/Berlin',
    });
    const badDays = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}/settings`, payload: { applicant_link_days: 91 } });
    expect(badDays.statusCode).toBe(422);
    expect(badDays.json().validation_errors).toEqual([{ field: 'applicant_link_days', message: 'A case link works for at most 90 days' }]);
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}` })).json().settings).toEqual(applicant.json().settings);

    // The settings take effect: registration is open for Alpha's domain (where e-mail is set up: registration.test.ts).
    expect(await isRegistrationOpen(ctx.db, { settingOn: true, environment: ctx.config.environment })).toBe(true);
  });

  it("refuses a domain another organization already accepts, so it cannot take that organization's sign-ups", async () => {
    const before = (await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` })).json();
    const claim = await ctx.as(adminA, {
      method: 'PUT',
      url: `/api/admin/organizations/${orgA.id}/settings`,
      payload: { allowed_email_domains: ['alpha.example', 'Bravo.Example'] },
    });
    expect(claim.statusCode).toBe(422);
    const message = `bravo.example: ${SERVER_MESSAGES.emailDomainClaimed}`;
    expect(claim.json()).toEqual({ detail: message, validation_errors: [{ field: 'allowed_email_domains', message }] });
    expect(claim.body).not.toContain('Bravo Org');
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` })).json()).toEqual(before);
    const created = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/organizations',
      payload: { name: 'Copycat Org', settings: { allowed_email_domains: ['bravo.example'] } },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().validation_errors).toEqual([{ field: 'settings.allowed_email_domains', message }]);
    // An organization keeps saving the domains it already has.
    expect(
      (
        await ctx.as(superAdmin, {
          method: 'PUT',
          url: `/api/admin/organizations/${orgB.id}/settings`,
          payload: { allowed_email_domains: ['bravo.example'], timezone: 'UTC' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an invalid domain with 422 on allowed_email_domains.0 and changes nothing', async () => {
    const before = (await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` })).json();
    const res = await ctx.as(adminA, {
      method: 'PUT',
      url: `/api/admin/organizations/${orgA.id}/settings`,
      payload: { allow_registration: false, allowed_email_domains: ['not a domain'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'allowed_email_domains.0', message: 'Enter a domain such as example.com' }]);
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` })).json()).toEqual(before);
  });

  it('refuses unknown settings keys (400) and out-of-range values (422)', async () => {
    const unknown = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}/settings`, payload: { favourite_colour: 'blue' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validation_errors).toEqual([{ field: 'favourite_colour', message: 'Unknown field' }]);
    const range = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}/settings`, payload: { session_timeout_minutes: 1 } });
    expect(range.statusCode).toBe(422);
    expect(range.json().validation_errors).toEqual([expect.objectContaining({ field: 'session_timeout_minutes' })]);
  });

  it("gets 404 for another organization's settings, and changes nothing there", async () => {
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/organizations/${orgB.id}/settings` })).statusCode).toBe(404);
    const put = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgB.id}/settings`, payload: { allow_registration: false } });
    expect(put.statusCode).toBe(404);
    const b = await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${orgB.id}/settings` });
    expect(b.json().settings.allow_registration).toBe(true);
  });

  it('may not create, update or delete organizations (403), not even their own', async () => {
    for (const actor of [adminA, managerA, viewerA]) {
      const calls = [
        { method: 'POST', url: '/api/admin/organizations', payload: { name: `By ${actor.role}` } },
        { method: 'PUT', url: `/api/admin/organizations/${orgA.id}`, payload: { name: 'Taken Over' } },
        { method: 'DELETE', url: `/api/admin/organizations/${orgB.id}` },
      ] as const;
      for (const call of calls) {
        const res = await ctx.as(actor, call);
        expect(res.statusCode, `${actor.role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json()).toEqual({ detail: SERVER_MESSAGES.forbidden });
      }
    }
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${orgA.id}` })).json().name).toBe('Alpha Org');
  });

  it('needs organization:manage for settings', async () => {
    for (const actor of [managerA, viewerA]) {
      expect((await ctx.as(actor, { method: 'GET', url: `/api/admin/organizations/${orgA.id}/settings` })).statusCode).toBe(403);
      expect((await ctx.as(actor, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}/settings`, payload: { timezone: 'UTC' } })).statusCode).toBe(403);
    }
  });

  it('lets a super admin read and change any organization’s settings', async () => {
    const res = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${orgB.id}/settings`, payload: { session_timeout_minutes: 60 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ allow_registration: true, allowed_email_domains: ['bravo.example'], session_timeout_minutes: 60 });
  });

  it('does not let a super admin delete their own organization', async () => {
    const res = await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${hq.id}` });
    expect(res.statusCode).toBe(409);
  });
});
