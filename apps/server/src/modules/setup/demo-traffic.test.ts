/**
 * Live demo traffic: applicants arrive through the real public API of a listening portal and answer their forms
 * (multipart, with files); the administrator's switch turns it on and off with an intake key it makes and revokes.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { DemoTraffic } from './demo-traffic.ts';

let ctx: TestContext;
let base = '';
let org: { id: string };
let admin: TestUser;

describe('demo traffic', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    org = await ctx.createOrg('Traffic Org');
    admin = await ctx.createUser('admin', org.id);
  });
  afterAll(() => ctx?.close());

  it('starts applications through the public API and answers their forms like applicants', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const key = await createTestApiKey(ctx.db, org.id, { scopes: ['intake'] });
    const errors: Error[] = [];
    const traffic = new DemoTraffic({
      baseUrl: base,
      apiKey: key.key,
      perMinute: 120,
      workflowIds: async () => [wf.id],
      answerAfterMs: [50, 100],
      giveUp: 0,
      onError: (e) => errors.push(e),
    });
    traffic.start();
    const deadline = Date.now() + 15_000;
    let atReview = 0;
    while (Date.now() < deadline) {
      const res = await ctx.db.query<{ n: number }>(`select count(*)::int as n from applications where workflow_id = $1 and waiting_for = 'approval'`, [wf.id]);
      atReview = res.rows[0]!.n;
      if (atReview >= 2 && traffic.status.forms_answered >= 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    traffic.stop();
    expect(errors).toEqual([]);
    expect(atReview).toBeGreaterThanOrEqual(2);
    expect(traffic.status).toMatchObject({ enabled: false, per_minute: 120 });
    expect(traffic.status.forms_answered).toBeGreaterThanOrEqual(2);
    const answered = await ctx.db.query<{ data: { full_name?: string } }>(
      `select data from applications where workflow_id = $1 and waiting_for = 'approval' limit 1`,
      [wf.id],
    );
    expect(answered.rows[0]!.data.full_name).toEqual(expect.stringMatching(/\w+ \w+/));
  });

  it('is switched on and off by an administrator, with an intake key of its own that is revoked after', async () => {
    await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const headers = await ctx.headers(admin);
    const on = await fetch(`${base}/api/admin/applications/demo-traffic`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true, per_minute: 60 }),
    });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ enabled: true, per_minute: 60 });
    const deadline = Date.now() + 10_000;
    let started = 0;
    while (started === 0 && Date.now() < deadline) {
      started = (await (await fetch(`${base}/api/admin/applications/demo-traffic`, { headers })).json()).started;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(started).toBeGreaterThan(0);
    const off = await fetch(`${base}/api/admin/applications/demo-traffic`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect((await off.json()).enabled).toBe(false);
    const keys = await ctx.db.query<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from api_keys where organization_id = $1 and name = 'Demo traffic'`,
      [org.id],
    );
    expect(keys.rows).toEqual([{ revoked: true }]);
    const audit = await ctx.db.query<{ action: string }>(
      `select action from audit_logs where organization_id = $1 and action like 'demo_traffic.%' order by created_at`,
      [org.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['demo_traffic.start', 'demo_traffic.stop']);
  });
});
