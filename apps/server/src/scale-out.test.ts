/**
 * Two apps on one database, as two server processes on one PostgreSQL are (on the PostgreSQL run each app has its
 * own connection pool and listening connection; on the embedded database they share the one instance): what one
 * process writes that the other caches (system settings, configuration entries) reaches the other at once through
 * change notices, and the sign-in and intake rate limits are counted once for both.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedRateLimiter } from './http/rate-limit.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from './test/harness.ts';

const PG = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let superAdmin: TestUser;
let org: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  a = ctx.app;
  b = await ctx.anotherApp();
  org = await ctx.createOrg('Scale Out Org');
  superAdmin = await ctx.createUser('super_admin', org.id);
});
afterAll(() => ctx?.close());

const as = async (app: FastifyInstance, user: TestUser, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...(await ctx.headers(user)), ...((options.headers as Record<string, string>) ?? {}) } });

/** Polls `read` until it answers `expected` (a notice travels through the database); fails after 3 s, far below any cache's lifetime. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 3_000;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected)) {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}`);
    await new Promise((r) => setTimeout(r, 25));
    last = await read();
  }
}

const productNameOn = async (app: FastifyInstance) => (await as(app, superAdmin, { method: 'GET', url: '/api/system/branding' })).json().product_name as string;

describe('caches across processes', () => {
  it('a system settings change made through one process shows in the other at once', async () => {
    expect(await productNameOn(b)).toBe('Admin Portal'); // B holds the settings now
    const put = await as(a, superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { product_name: 'Onboarding Desk' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await productNameOn(a)).toBe('Onboarding Desk'); // the writer reads its own write on its next request
    await eventually(() => productNameOn(b), 'Onboarding Desk');
    await as(a, superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { product_name: 'Admin Portal' } });
    await eventually(() => productNameOn(b), 'Admin Portal');
  });

  it('a configuration entry created, switched off and deleted through one process applies in the other at once', async () => {
    expect(await productNameOn(b)).toBe('Admin Portal');
    const created = await as(a, superAdmin, {
      method: 'POST',
      url: '/api/admin/system-config',
      payload: { key: 'branding.product_name', organization_id: org.id, value_type: 'string', value: 'Scale Out Desk' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await eventually(() => productNameOn(b), 'Scale Out Desk');
    const id = created.json().id as string;
    expect((await as(a, superAdmin, { method: 'POST', url: `/api/admin/system-config/${id}/toggle` })).statusCode).toBe(200);
    await eventually(() => productNameOn(b), 'Admin Portal');
    expect((await as(a, superAdmin, { method: 'POST', url: `/api/admin/system-config/${id}/toggle` })).statusCode).toBe(200);
    await eventually(() => productNameOn(b), 'Scale Out Desk');
    expect((await as(b, superAdmin, { method: 'DELETE', url: `/api/admin/system-config/${id}` })).statusCode).toBe(200);
    await eventually(() => productNameOn(a), 'Admin Portal');
  });

  it.skipIf(!PG)('keeps hearing changes after its listening connection to PostgreSQL is cut', async () => {
    expect(await productNameOn(b)).toBe('Admin Portal');
    // Cut every listening connection of this suite's schema (both apps'): they open again and catch up.
    const cut = await ctx.db.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN %' and query ilike '%' || current_schema() || '_%'`,
    );
    expect(cut.rows[0]!.n).toBeGreaterThan(0);
    await as(a, superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { product_name: 'After The Cut' } });
    await eventually(() => productNameOn(b), 'After The Cut');
    await as(a, superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { product_name: 'Admin Portal' } });
    await eventually(() => productNameOn(b), 'Admin Portal');
  });
});

describe('rate limits across processes', () => {
  it('counts one client address’s sign-ins once, whichever process answers (PostgreSQL)', async () => {
    if (!PG) return; // the embedded database is one process: its counters stay in memory (tested below on its SQL too)
    const put = await as(a, superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { login_rate_limit_per_minute: 4 } });
    expect(put.statusCode, put.body).toBe(200);
    try {
      await eventually(async () => [a.settings.current().login_rate_limit_per_minute, b.settings.current().login_rate_limit_per_minute], [4, 4]);
      const attempt = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.77',
          payload: { email: 'nobody@scale.example', password: TEST_PASSWORD },
        });
      const statuses = [];
      for (const app of [a, b, a, b, a, b]) statuses.push((await attempt(app)).statusCode);
      // Four in the window, wherever they landed; then 429 on both processes.
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const refused = await attempt(a);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another address is not affected.
      expect(
        (
          await b.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: '203.0.113.78',
            payload: { email: 'nobody@scale.example', password: TEST_PASSWORD },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await as(a, superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { login_rate_limit_per_minute: 0 } });
    }
  });

  it('shares counters in the database between limiters (one per process), per scope and key, with Retry-After inside the window', async () => {
    const first = new SharedRateLimiter(ctx.db, 'test-scope', 60_000);
    const second = new SharedRateLimiter(ctx.db, 'test-scope', 60_000);
    const other = new SharedRateLimiter(ctx.db, 'other-scope', 60_000);
    const verdicts = [];
    for (const limiter of [first, second, first, second]) verdicts.push(await limiter.hit('k1', 3));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(verdicts[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await first.hit('k2', 3)).allowed).toBe(true);
    expect((await other.hit('k1', 3)).allowed).toBe(true);
    // 0 is no limit, and counts nothing.
    for (let i = 0; i < 5; i++) expect((await second.hit('k3', 0)).allowed).toBe(true);
    const rows = await ctx.db.query<{ key: string; hits: number }>(`select key, hits from rate_limit_counters where key like '%-scope:%' order by key`);
    expect(rows.rows).toEqual([
      { key: 'other-scope:k1', hits: 1 },
      { key: 'test-scope:k1', hits: 4 },
      { key: 'test-scope:k2', hits: 1 },
    ]);
  });
});
