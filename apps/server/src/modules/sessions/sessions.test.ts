import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TEXTS } from '@admin-portal/contract/sessions';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';

let ctx: TestContext;
let org: { id: string; name: string };
let otherOrg: { id: string; name: string };

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in from a device and address: the session's token pair. */
async function signIn(user: TestUser, userAgent: string, remoteAddress = '127.0.0.1') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string; refresh_token: string }>();
}
const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string) => ctx.app.inject({ method, url, headers: bearer(token) });
const auditRows = async (action: string, targetId: string) =>
  (
    await ctx.db.query<{ actor_id: string; target_id: string; changes: Record<string, unknown> }>(
      'select actor_id, target_id, changes from audit_logs where action = $1 and (target_id = $2 or changes->>$3 is not null) order by created_at',
      [action, targetId, 'never'],
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  otherOrg = await ctx.createOrg();
});
afterAll(() => ctx.close());

describe('GET /api/auth/sessions: your own', () => {
  it('lists your live sessions, the most recent first, with device, address and times, and marks the one asking', async () => {
    const user = await ctx.createUser('operator', org.id);
    const laptop = await signIn(user, CHROME_LINUX, '10.0.0.7');
    const desktop = await signIn(user, FIREFOX_WINDOWS, '10.0.0.8');
    const res = await call(desktop.access_token, 'GET', '/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ device: 'Firefox 133 on Windows 10', ip: '10.0.0.8', current: true, user_agent: FIREFOX_WINDOWS });
    expect(items[1]).toMatchObject({ device: 'Chrome 131 on Linux', ip: '10.0.0.7', current: false });
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'current', 'device', 'expires_at', 'id', 'ip', 'last_used_at', 'user_agent']);
      expect(Date.parse(item.expires_at)).toBeGreaterThan(Date.parse(item.created_at));
    }
    // The other device sees the same two, itself current.
    const fromLaptop = (await call(laptop.access_token, 'GET', '/api/auth/sessions')).json().items;
    expect(fromLaptop.map((s: { current: boolean }) => s.current).sort()).toEqual([false, true]);
    expect(res.body).not.toMatch(/token_hash|refresh/);
  });

  it('leaves out ended sessions: signed out, or past their end', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const a = await signIn(user, CHROME_LINUX);
    const b = await signIn(user, CHROME_LINUX);
    const c = await signIn(user, CHROME_LINUX);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(b.access_token), payload: { refresh_token: b.refresh_token } });
    await ctx.db.query(`update auth_sessions set expires_at = now() - interval '1 minute' where user_id = $1 and id <> all($2::uuid[])`, [
      user.id,
      [(await call(a.access_token, 'GET', '/api/auth/sessions')).json().items.find((s: { current: boolean }) => s.current).id],
    ]);
    expect(c).toBeTruthy();
    const { items } = (await call(a.access_token, 'GET', '/api/auth/sessions')).json();
    expect(items).toHaveLength(1);
    expect(items[0].current).toBe(true);
  });

  it('reads "Unknown device" when the browser sent nothing, and a client by the name and version it gives', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const none = await signIn(user, '');
    await signIn(user, 'integration-bot/2.1 (+https://example.com)');
    const devices = (await call(none.access_token, 'GET', '/api/auth/sessions')).json().items.map((s: { device: string }) => s.device);
    expect(devices.sort()).toEqual([SESSION_TEXTS.unknownDevice, 'integration-bot 2'].sort());
  });
});

describe('DELETE /api/auth/sessions/{sessionId} and POST /api/auth/sessions/revoke-others', () => {
  it('signs out another of your sessions: its token and its refresh stop working at once, and it is audited', async () => {
    const user = await ctx.createUser('operator', org.id);
    const phone = await signIn(user, CHROME_LINUX, '10.0.0.9');
    const laptop = await signIn(user, FIREFOX_WINDOWS);
    const phoneId = (await call(phone.access_token, 'GET', '/api/auth/sessions')).json().items.find((s: { current: boolean }) => s.current).id;
    const res = await call(laptop.access_token, 'DELETE', `/api/auth/sessions/${phoneId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SESSION_TEXTS.sessionEnded });
    expect((await call(phone.access_token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: phone.refresh_token } });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().detail).toBe(SERVER_MESSAGES.invalidRefreshToken);
    expect((await call(laptop.access_token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const [row] = await auditRows('auth.session_revoke', phoneId);
    expect(row).toMatchObject({ actor_id: user.id, target_id: phoneId, changes: { device: 'Chrome 131 on Linux', ip: '10.0.0.9', current: false } });
    // Ended: a second time it is not there.
    expect((await call(laptop.access_token, 'DELETE', `/api/auth/sessions/${phoneId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const user = await ctx.createUser('admin', org.id);
    const stranger = await ctx.createUser('viewer', org.id);
    const mine = await signIn(user, CHROME_LINUX);
    const theirs = await signIn(stranger, CHROME_LINUX);
    const theirId = (await call(theirs.access_token, 'GET', '/api/auth/sessions')).json().items[0].id;
    const res = await call(mine.access_token, 'DELETE', `/api/auth/sessions/${theirId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Session not found');
    expect((await call(theirs.access_token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('signs out your current session too, as signing out does', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const only = await signIn(user, CHROME_LINUX);
    const id = (await call(only.access_token, 'GET', '/api/auth/sessions')).json().items[0].id;
    expect((await call(only.access_token, 'DELETE', `/api/auth/sessions/${id}`)).statusCode).toBe(200);
    expect((await call(only.access_token, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
    expect((await auditRows('auth.session_revoke', id))[0]!.changes).toMatchObject({ current: true });
  });

  it('refuses a session id that is not a UUID with a field error', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const s = await signIn(user, CHROME_LINUX);
    const res = await call(s.access_token, 'DELETE', '/api/auth/sessions/not-a-uuid');
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'sessionId' })]);
  });

  it('signs out everywhere else: every other session ends, the one asking stays, and it says how many', async () => {
    const user = await ctx.createUser('manager', org.id);
    const others = [await signIn(user, CHROME_LINUX), await signIn(user, FIREFOX_WINDOWS)];
    const here = await signIn(user, CHROME_LINUX);
    const res = await call(here.access_token, 'POST', '/api/auth/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, revoked: 2, message: SESSION_TEXTS.othersEnded(2) });
    for (const other of others) expect((await call(other.access_token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const { items } = (await call(here.access_token, 'GET', '/api/auth/sessions')).json();
    expect(items).toEqual([expect.objectContaining({ current: true })]);
    expect((await auditRows('auth.sessions_revoke_others', user.id)).at(-1)!.changes).toEqual({ revoked: 2 });
    const again = await call(here.access_token, 'POST', '/api/auth/sessions/revoke-others');
    expect(again.json()).toEqual({ success: true, revoked: 0, message: 'No other session was signed in' });
  });
});

describe("a user's sessions, for whoever manages users", () => {
  it('lists and signs out one session of a user of your organization, audited against the user', async () => {
    const admin = await ctx.createUser('admin', org.id);
    const user = await ctx.createUser('operator', org.id);
    const a = await signIn(user, CHROME_LINUX, '10.1.1.1');
    await signIn(user, FIREFOX_WINDOWS, '10.1.1.2');
    const listed = await ctx.as(admin, { method: 'GET', url: `/api/admin/users/${user.id}/sessions` });
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items as { id: string; device: string; current: boolean; ip: string }[];
    expect(items.map((s) => s.ip)).toEqual(['10.1.1.2', '10.1.1.1']);
    expect(items.every((s) => !s.current)).toBe(true);
    const res = await ctx.as(admin, { method: 'DELETE', url: `/api/admin/users/${user.id}/sessions/${items[1]!.id}` });
    expect(res.statusCode).toBe(200);
    expect((await call(a.access_token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const [row] = await auditRows('user.session_revoke', user.id);
    expect(row).toMatchObject({ actor_id: admin.id, changes: { session_id: items[1]!.id, device: 'Chrome 131 on Linux', ip: '10.1.1.1' } });
    // A session of someone else, named under this user: not found.
    const other = await ctx.createUser('viewer', org.id);
    const otherSession = (await call((await signIn(other, CHROME_LINUX)).access_token, 'GET', '/api/auth/sessions')).json().items[0].id;
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/admin/users/${user.id}/sessions/${otherSession}` })).statusCode).toBe(404);
  });

  it('signs out every session of a user; on yourself it keeps the one asking', async () => {
    const admin = await ctx.createUser('admin', org.id);
    const user = await ctx.createUser('viewer', org.id);
    const sessions = [await signIn(user, CHROME_LINUX), await signIn(user, CHROME_LINUX)];
    const res = await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${user.id}/sessions/revoke-all` });
    expect(res.json()).toEqual({ success: true, revoked: 2, message: SESSION_TEXTS.allEnded(2) });
    for (const s of sessions) expect((await call(s.access_token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await auditRows('user.sessions_revoke', user.id)).at(-1)!.changes).toEqual({ revoked: 2, kept_own_session: false });

    const self = await signIn(admin, CHROME_LINUX);
    await signIn(admin, FIREFOX_WINDOWS);
    const own = await call(self.access_token, 'POST', `/api/admin/users/${admin.id}/sessions/revoke-all`);
    expect(own.statusCode).toBe(200);
    expect((await call(self.access_token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const left = (await call(self.access_token, 'GET', `/api/admin/users/${admin.id}/sessions`)).json().items;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('hides the users of another organization and refuses a user with more privileges than yours', async () => {
    const admin = await ctx.createUser('admin', org.id);
    const outsider = await ctx.createUser('viewer', otherOrg.id);
    const superAdmin = await ctx.createUser('super_admin', org.id);
    const s = await signIn(outsider, CHROME_LINUX);
    for (const [method, url] of [
      ['GET', `/api/admin/users/${outsider.id}/sessions`],
      ['POST', `/api/admin/users/${outsider.id}/sessions/revoke-all`],
    ] as const) {
      expect((await ctx.as(admin, { method, url })).statusCode).toBe(404);
    }
    expect((await call(s.access_token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const refused = await ctx.as(admin, { method: 'GET', url: `/api/admin/users/${superAdmin.id}/sessions` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SERVER_MESSAGES.targetOutranksActor);
    // A super admin sees across organizations.
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/users/${outsider.id}/sessions` })).json().items).toHaveLength(1);
  });

  it('is refused to a role without user:manage', async () => {
    const manager = await ctx.createUser('manager', org.id);
    const user = await ctx.createUser('viewer', org.id);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/admin/users/${user.id}/sessions` })).statusCode).toBe(403);
  });
});
