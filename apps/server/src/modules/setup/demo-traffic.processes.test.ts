/**
 * Live demo traffic with two processes on one database (issue 18): each app here is a second process would be (its
 * own pool on PostgreSQL), both listening on a port. The switch's state is the database's, exactly one process runs
 * the generator, a switch off through the other process stops it, and when the owner closes the other takes over.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: TestUser;
let org: { id: string };
let wf: { id: string };

const url = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/applications/demo-traffic`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function put(app: FastifyInstance, body: unknown) {
  const res = await fetch(url(app), {
    method: 'PUT',
    headers: { ...(await ctx.headers(admin)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}
async function get(app: FastifyInstance) {
  const res = await fetch(url(app), { headers: await ctx.headers(admin) });
  expect(res.status).toBe(200);
  return res.json();
}
async function applications(): Promise<number> {
  const res = await ctx.db.query<{ n: number }>(`select count(*)::int as n from applications where workflow_id = $1`, [wf.id]);
  return res.rows[0]!.n;
}
async function until(what: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await what()) return true;
    await sleep(100);
  }
  return false;
}

describe('demo traffic across processes', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    a = ctx.app;
    await a.listen({ port: 0, host: '127.0.0.1' });
    b = await ctx.anotherApp();
    await b.listen({ port: 0, host: '127.0.0.1' });
    org = await ctx.createOrg('Traffic Processes Org');
    admin = await ctx.createUser('admin', org.id);
    wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
  });
  afterAll(() => ctx?.close());

  it('is on for every process, runs once, and is switched off through the other process', async () => {
    expect(await put(a, { enabled: true, per_minute: 120 })).toMatchObject({ enabled: true, per_minute: 120 });
    expect(await get(b)).toMatchObject({ enabled: true, per_minute: 120 });
    // Switching on again through the other process starts nothing more: the same run, the same key.
    expect(await put(b, { enabled: true, per_minute: 60 })).toMatchObject({ enabled: true, per_minute: 120 });
    expect(await until(async () => (await get(b)).started >= 2)).toBe(true);
    const keys = await ctx.db.query(`select id from api_keys where organization_id = $1 and name = 'Demo traffic'`, [org.id]);
    expect(keys.rows).toHaveLength(1);
    const owners = await ctx.db.query<{ owner: string | null }>(`select owner from demo_traffic_runs where organization_id = $1`, [org.id]);
    expect(owners.rows[0]!.owner).not.toBeNull();

    const off = await put(b, { enabled: false });
    expect(off.enabled).toBe(false);
    expect(off.started).toBeGreaterThanOrEqual(2);
    expect(await get(a)).toMatchObject({ enabled: false });
    const revoked = await ctx.db.query<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from api_keys where organization_id = $1 and name = 'Demo traffic'`,
      [org.id],
    );
    expect(revoked.rows).toEqual([{ revoked: true }]);
    // A's generator stops at its next lease renewal: after that no new applications arrive.
    await sleep(3_000);
    const settled = await applications();
    await sleep(2_000);
    expect(await applications()).toBe(settled);
  });

  it('is taken over by the other process when the owner closes, and keeps arriving', async () => {
    await put(a, { enabled: true, per_minute: 120 });
    const owned = await ctx.db.query<{ owner: string }>(`select owner from demo_traffic_runs where organization_id = $1`, [org.id]);
    const first = owned.rows[0]!.owner;
    expect(await until(async () => (await get(b)).started >= 1)).toBe(true);
    expect(first).not.toBeNull();
    // A (which switched it on) owns it; it closes, releasing its lease, and B takes over.
    await a.close();
    const before = await applications();
    expect(
      await until(async () => {
        const res = await ctx.db.query<{ owner: string | null }>(`select owner from demo_traffic_runs where organization_id = $1`, [org.id]);
        return res.rows[0]!.owner !== null && res.rows[0]!.owner !== first;
      }),
    ).toBe(true);
    expect(await until(async () => (await applications()) >= before + 2)).toBe(true);
    expect(await get(b)).toMatchObject({ enabled: true, per_minute: 120 });
  });

  it('is taken over from an owner that died (its lease expired without being released)', async () => {
    // As if the owning process had been killed: a lease no live process holds, run out.
    await ctx.db.query(`update demo_traffic_runs set owner = 'dead-process', lease_until = now() - interval '1 second' where organization_id = $1`, [org.id]);
    const before = await applications();
    expect(
      await until(async () => {
        const res = await ctx.db.query<{ owner: string | null }>(`select owner from demo_traffic_runs where organization_id = $1`, [org.id]);
        return res.rows[0]!.owner !== 'dead-process';
      }),
    ).toBe(true);
    expect(await until(async () => (await applications()) >= before + 2)).toBe(true);
    expect((await put(b, { enabled: false })).enabled).toBe(false);
  });
});
