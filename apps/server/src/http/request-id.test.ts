import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../test/harness.ts';
import { REQUEST_ID_PATTERN } from './request-id.ts';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser('operator', (await ctx.createOrg()).id);
});
afterAll(() => ctx.close());

/** Signs in with `X-Request-Id: given` (a sign-in writes an audit row); answers the id the answer and the row carry. */
async function signInWith(given: string): Promise<{ header: string; audited: string[] }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-request-id': given },
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const header = String(res.headers['x-request-id']);
  const rows = await ctx.db.query<{ request_id: string }>(`select request_id from audit_logs where action = 'auth.login' and request_id = $1`, [header]);
  return { header, audited: rows.rows.map((r) => r.request_id) };
}

describe('request ids', () => {
  it("keep the caller's id when it is a plain token, in the answer and the audit row", async () => {
    for (const given of ['3f1c9a52-5d1e-4c1b-9a53-0a1b2c3d4e5f', 'trace:abc.DEF_123-4', 'x'.repeat(128)]) {
      const { header, audited } = await signInWith(given);
      expect(header).toBe(given);
      expect(audited).toEqual([given]);
    }
  });

  it('replace an id with markup, spaces, line breaks or over 128 characters by a generated one', async () => {
    const markup = `<script>alert(1)</script>${'<img src=x onerror=alert(1)>'.repeat(80)}`.slice(0, 2_000);
    for (const given of [markup, 'a b', 'line%0Abreak', 'x'.repeat(129), 'é', '']) {
      const { header, audited } = await signInWith(given);
      expect(header, given.slice(0, 40)).not.toBe(given);
      expect(header).toMatch(REQUEST_ID_PATTERN);
      expect(audited).toEqual([header]);
    }
    const stored = await ctx.db.query<{ n: number }>(`select count(*)::int as n from audit_logs where request_id like '%<%' or length(request_id) > 128`);
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('generate an id when the caller sends none', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['x-request-id'])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
