/**
 * The assistant's evaluation set on the demo data: every question answered with the right facts, by the intended
 * route (live data, the guide, or a refusal naming the missing permission). `npm run bench:ai` runs the same set
 * and prints the pass rate and latency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@admin-portal/contract/roles';
import { firstStart } from '../../modules/setup/first-start.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { foldRollups } from '../../test/history.factory.ts';
import { hashPassword } from '../../security/passwords.ts';
import { ASSISTANT_CASES, type EvalEnv } from './assistant-cases.ts';
import { runAssistantEval } from './run-assistant-eval.ts';

let ctx: TestContext;
let env: EvalEnv;
const users = new Map<Role, TestUser>();

beforeAll(async () => {
  ctx = await createTestContext({ runtimeWorker: false });
  await firstStart(ctx.db, { ...ctx.config, adminEmail: 'root@assistant-eval.example', adminPassword: TEST_PASSWORD, seedDemo: true });
  await ctx.db.query('update users set password_hash = $1', [await hashPassword(TEST_PASSWORD)]);
  await foldRollups(ctx.db, 60_000);
  const acme = await ctx.db.query<{ id: string }>(`select id from organizations where name = 'Acme Bank'`);
  const organizationId = acme.rows[0]!.id;
  const rows = await ctx.db.query<{ id: string; email: string; role: Role; organization_id: string }>(
    `select id, email, role, organization_id from users where organization_id = $1 or role = 'super_admin'`,
    [organizationId],
  );
  for (const r of rows.rows) users.set(r.role, { id: r.id, email: r.email, role: r.role, organizationId: r.organization_id });
  env = {
    organizationId,
    sql: async (text, params = []) => (await ctx.db.query(text, params)).rows as never,
    api: async (path) => {
      const res = await ctx.as(users.get('admin')!, { method: 'GET', url: path });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}, 120_000);
afterAll(() => ctx?.close());

describe('the assistant’s evaluation set (built-in provider, demo data)', () => {
  it(`answers all ${ASSISTANT_CASES.length} questions with the right facts`, async () => {
    const results = await runAssistantEval(env, async (role, path, message) => {
      const user = users.get(role)!;
      const headers: Record<string, string> = role === 'super_admin' ? {} : {};
      const res = await ctx.as(user, { method: 'POST', url: '/api/admin/ai/chat', payload: { message, context: { path } }, headers });
      if (res.statusCode !== 200) throw new Error(`${message}: ${res.statusCode} ${res.body}`);
      const d = res.json().data;
      return { response: d.response, links: d.links, interactionId: d.interaction_id };
    });
    expect(ASSISTANT_CASES.length).toBeGreaterThanOrEqual(30);
    expect(results.filter((r) => !r.pass).map((r) => `${r.id}: ${r.problems.join('; ')}`)).toEqual([]);
  }, 120_000);
});
