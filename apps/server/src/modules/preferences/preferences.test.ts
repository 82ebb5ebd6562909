import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { resolvePreferences } from './preferences.service.ts';

const DEFAULTS = { theme: 'light', sidebar_open: true, page_size: 25, time_format: '24h', timezone: '' };

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

const get = (user: TestUser) => ctx.as(user, { method: 'GET', url: '/api/auth/preferences' });
const put = (user: TestUser, payload: unknown) => ctx.as(user, { method: 'PUT', url: '/api/auth/preferences', payload: payload as object });

async function auditOf(res: LightMyRequestResponse) {
  const rows = await ctx.db.query<{ action: string; actor_id: string; target_id: string; organization_id: string; changes: Record<string, unknown> }>(
    'select action, actor_id, target_id, organization_id, changes from audit_logs where request_id = $1',
    [String(res.headers['x-request-id'])],
  );
  return rows.rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await ctx.createOrg('Preferences Org');
  alice = await ctx.createUser('viewer', org.id);
  bob = await ctx.createUser('admin', org.id);
});
afterAll(() => ctx.close());

describe('preferences', () => {
  it('answers the defaults for a user who never chose', async () => {
    const res = await get(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });

  it('changes only the keys sent, answers all of them, and keeps them', async () => {
    const res = await put(alice, { theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULTS, theme: 'dark' });

    const second = await put(alice, { page_size: 50, time_format: '12h', timezone: 'Europe/Berlin', sidebar_open: false });
    expect(second.json()).toEqual({ theme: 'dark', sidebar_open: false, page_size: 50, time_format: '12h', timezone: 'Europe/Berlin' });
    expect((await get(alice)).json()).toEqual(second.json());

    // Only what the user chose is stored, so defaults can still change for the rest.
    const stored = await ctx.db.query<{ preferences: unknown }>('select preferences from users where id = $1', [alice.id]);
    expect(stored.rows[0]!.preferences).toEqual({ theme: 'dark', page_size: 50, time_format: '12h', timezone: 'Europe/Berlin', sidebar_open: false });

    // Back to the browser's time zone.
    expect((await put(alice, { timezone: '' })).json().timezone).toBe('');
  });

  it('writes one audit row naming what changed', async () => {
    const res = await put(alice, { theme: 'light' });
    expect(res.statusCode).toBe(200);
    expect(await auditOf(res)).toEqual([
      {
        action: 'user.preferences_update',
        actor_id: alice.id,
        target_id: alice.id,
        organization_id: alice.organizationId,
        changes: { theme: { from: 'dark', to: 'light' } },
      },
    ]);
    // Nothing changed: nothing to record.
    const same = await put(alice, { theme: 'light' });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(same)).toEqual([]);
  });

  it('keeps each user’s preferences to themselves', async () => {
    await put(bob, { page_size: 100 });
    expect((await get(bob)).json()).toEqual({ ...DEFAULTS, page_size: 100 });
    expect((await get(alice)).json().page_size).toBe(50);
  });

  it('refuses invalid values with 422 on their fields and changes nothing', async () => {
    const before = (await get(alice)).json();
    const cases: [unknown, string][] = [
      [{ theme: 'blue' }, 'theme'],
      [{ page_size: 30 }, 'page_size'],
      [{ page_size: '25' }, 'page_size'],
      [{ sidebar_open: 'yes' }, 'sidebar_open'],
      [{ time_format: '36h' }, 'time_format'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ timezone: 'x'.repeat(65) }, 'timezone'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const errors = res.json().validation_errors as { field: string }[];
      expect(errors.length, JSON.stringify(payload)).toBeGreaterThan(0);
      expect(
        errors.map((e) => e.field),
        JSON.stringify(payload),
      ).toEqual(errors.map(() => field));
    }
    const tz = await put(alice, { timezone: 'Mars/Olympus_Mons' });
    expect(tz.json().validation_errors).toEqual([{ field: 'timezone', message: 'Unknown time zone' }]);
    expect((await get(alice)).json()).toEqual(before);
  });

  it('refuses unknown keys (strict), and a body that is not an object', async () => {
    const unknown = await put(alice, { theme: 'dark', colour: 'teal' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validation_errors).toEqual([{ field: 'colour', message: 'Unknown field' }]);
    expect((await get(alice)).json().theme).toBe('light');
    const array = await put(alice, ['theme']);
    expect(array.statusCode).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/preferences' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/auth/preferences', payload: { theme: 'dark' } })).statusCode).toBe(401);
  });

  it('reads past stored values that are no longer valid, key by key', async () => {
    expect(resolvePreferences({ theme: 'purple', page_size: 100, legacy: true })).toEqual({ ...DEFAULTS, page_size: 100 });
    expect(resolvePreferences(null)).toEqual(DEFAULTS);
    await ctx.db.query(`update users set preferences = '{"theme": 7, "time_format": "12h"}' where id = $1`, [bob.id]);
    expect((await get(bob)).json()).toEqual({ ...DEFAULTS, time_format: '12h' });
  });
});
