import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedAttemptsWait, MESSAGES, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { signAccessToken } from '../../security/tokens.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';

let ctx: TestContext;
let org: { id: string; name: string };
let admin: TestUser;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password: string, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
const me = (accessToken: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
const refresh = (refreshToken: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });

async function userRow(id: string) {
  const res = await ctx.db.query<{ failed_logins: number; locked_for_seconds: number | null; is_active: boolean; role: string; organization_id: string }>(
    `select failed_logins, is_active, role, organization_id,
            extract(epoch from (locked_until - now()))::float8 as locked_for_seconds
       from users where id = $1`,
    [id],
  );
  return res.rows[0]!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  admin = await ctx.createUser('admin', org.id);
});
afterAll(() => ctx.close());

describe('POST /api/auth/login', () => {
  it('returns the token pair and the user, never the password hash', async () => {
    const user = await ctx.createUser('operator', org.id);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type', 'user']);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(15 * 60);
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'operator',
      organization_id: org.id,
      organization_name: org.name,
      is_active: true,
      is_locked: false,
    });
    // Spec §6: operator defaults, expanded to the menu vocabulary.
    expect(body.user.permissions).toEqual(
      expect.arrayContaining(['view_workflows', 'execute_workflows', 'view_analytics', 'workflow:read', 'application:monitor']),
    );
    expect(body.user.last_login_at).not.toBeNull();
    expect(res.body).not.toMatch(/password|scrypt\$/i);
  });

  it('accepts the email in any case', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('refuses a wrong password or an unknown email with 401 and the same detail', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const wrong = await login(user.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: SERVER_MESSAGES.invalidCredentials });
    const unknown = await login('nobody@nowhere.example', TEST_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: SERVER_MESSAGES.invalidCredentials });
  });

  it('refuses a missing password with 422 and a validation error', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  /** Ends every running wait at once, as if its time had passed. */
  const endWaits = () => ctx.db.query("update sign_in_failures set wait_until = now() - interval '1 second' where wait_until > now()");

  it('makes a sixth try from the same address wait after five wrong passwords, for a known and an unknown e-mail alike', async () => {
    const user = await ctx.createUser('viewer', org.id);
    for (const email of [user.email, `nobody.${Date.now()}@nowhere.example`]) {
      const answers = [];
      for (let i = 1; i <= 5; i += 1) answers.push(await login(email, `wrong-${i}`, '203.0.113.50'));
      expect(answers.map((r) => [r.statusCode, r.json()])).toEqual(Array(5).fill([401, { detail: SERVER_MESSAGES.invalidCredentials }]));
      // Even the right password waits: the wait is the same answer for every e-mail, and reveals nothing.
      const sixth = await login(email, TEST_PASSWORD, '203.0.113.50');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ detail: 'Too many failed attempts. Try again in 1 second.' });
      expect(sixth.headers['retry-after']).toBe('1');
    }
    // Nothing locks the account itself: its owner signs in from elsewhere.
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    expect((await userRow(user.id)).locked_for_seconds).toBeNull();
  });

  it('lets the waits grow 1, 2, 4 seconds… and a success start the count again', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const from = '203.0.113.51';
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'wrong', from)).statusCode).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      waits.push(String((await login(user.email, 'wrong', from)).headers['retry-after']));
      await endWaits();
      expect((await login(user.email, 'wrong', from)).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4']);
    await endWaits();
    expect((await login(user.email, TEST_PASSWORD, from)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'wrong', from)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, from)).statusCode).toBe(200);
  });

  it('slows a guess spread over many addresses only for addresses the account never used, until an administrator unlocks it', async () => {
    const user = await ctx.createUser('viewer', org.id);
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200); // the owner's usual address
    // Twenty wrong passwords, four from each of five addresses: no address reaches its own threshold.
    for (let a = 0; a < 5; a += 1) {
      for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'wrong', `198.51.100.${100 + a}`)).statusCode).toBe(401);
    }
    const stranger = await login(user.email, TEST_PASSWORD, '198.51.100.200');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ detail: failedAttemptsWait(Number(stranger.headers['retry-after'])) });
    // The owner, from an address the account has signed in from, is not held back by strangers.
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // A success from a familiar address starts the e-mail's count again.
    for (let a = 0; a < 5; a += 1) {
      for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong', `198.51.100.${110 + a}`);
    }
    const shown = await ctx.as(admin, { method: 'GET', url: `/api/admin/users/${user.id}` });
    expect(shown.json()).toMatchObject({ is_locked: true });
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.201')).statusCode).toBe(429);

    const unlock = await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${user.id}/unlock` });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toMatchObject({ id: user.id, is_locked: false, locked_until: null, failed_logins: 0 });
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.201')).statusCode).toBe(200);
  });

  it('an unknown e-mail is slowed across addresses exactly like a known one', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const unknown = `ghost.${Date.now()}@nowhere.example`;
    const answers: Record<string, unknown[]> = {};
    for (const email of [user.email, unknown]) {
      for (let a = 0; a < 5; a += 1) {
        for (let i = 0; i < 4; i += 1) await login(email, 'wrong', `198.51.100.${150 + a}`);
      }
      const res = await login(email, TEST_PASSWORD, '198.51.100.250');
      answers[email] = [res.statusCode, res.json(), res.headers['retry-after']];
    }
    expect(answers[user.email]).toEqual(answers[unknown]);
    expect(answers[unknown]![0]).toBe(429);
  });

  it('starts counting failures afresh after a successful sign-in', async () => {
    const user = await ctx.createUser('viewer', org.id);
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'wrong')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await userRow(user.id)).failed_logins).toBe(0);
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'wrong')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts concurrent failures exactly (five at once make the sixth wait)', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => login(user.email, 'wrong', '203.0.113.52')));
    expect(results.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect((await userRow(user.id)).failed_logins).toBe(5);
    expect((await login(user.email, TEST_PASSWORD, '203.0.113.52')).statusCode).toBe(429);
  });

  it('writes an audit row per failed sign-in of an account, none for an unknown e-mail', async () => {
    const user = await ctx.createUser('viewer', org.id);
    await login(user.email, 'wrong', '203.0.113.53');
    await login(`unknown.${Date.now()}@nowhere.example`, 'wrong', '203.0.113.53');
    const rows = await ctx.db.query<{ action: string; target_id: string }>(
      `select action, target_id from audit_logs where action = 'auth.login_failed' and ip = '203.0.113.53'`,
    );
    expect(rows.rows).toEqual([{ action: 'auth.login_failed', target_id: user.id }]);
  });

  it('refuses a deactivated account', async () => {
    const user = await ctx.createUser('viewer', org.id);
    await ctx.db.query('update users set is_active = false where id = $1', [user.id]);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.accountInactive });
  });
});

describe('login rate limit per address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ loginRateLimit: 3 });
  });
  afterAll(() => limited.close());

  it('answers the attempt over the limit with 429 and retry-after, while other addresses still get in', async () => {
    const o = await limited.createOrg();
    const user = await limited.createUser('viewer', o.id);
    const attempt = (password: string, remoteAddress = '203.0.113.7') =>
      limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress });
    // On PostgreSQL the windows are whole minutes of the database's clock: the four attempts must fall in one, so
    // they do not start in a minute's last seconds.
    const second = new Date().getSeconds();
    if (second >= 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);

    const fourth = await attempt(TEST_PASSWORD);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The refused attempt did not count as a failed password.
    const row = await limited.db.query<{ failed_logins: number }>('select failed_logins from users where id = $1', [user.id]);
    expect(row.rows[0]!.failed_logins).toBe(0);

    expect((await attempt(TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and issues a working access token', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const first = await ctx.login(user.email);
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(body.token_type).toBe('bearer');
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(body.access_token)).json().id).toBe(user.id);
    // The session goes on: the new refresh token rotates again.
    const again = await refresh(body.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().refresh_token).not.toBe(body.refresh_token);
  });

  it('revokes the whole session when a rotated token is reused', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const first = await ctx.login(user.email);
    const rotated = (await refresh(first.refresh_token)).json();
    expect((await me(rotated.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: SERVER_MESSAGES.invalidRefreshToken });

    // The newest token of the family, and every access token of the session, are dead too.
    const newest = await refresh(rotated.refresh_token);
    expect(newest.statusCode).toBe(401);
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);

    // Another session of the same user is not affected.
    const other = await ctx.login(user.email);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh('not-a-real-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.invalidRefreshToken });
  });

  it('refuses a missing refresh token with 422', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'refresh_token' })]);
  });

  it('refuses the refresh token of a deactivated user', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    await ctx.db.query('update users set is_active = false where id = $1', [user.id]);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its refresh token and its access token stop working', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const session = await ctx.login(user.email);
    const other = await ctx.login(user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.access_token),
      payload: { refresh_token: session.refresh_token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.loggedOut });
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    const meRes = await me(session.access_token);
    expect(meRes.statusCode).toBe(401);
    expect(meRes.json().detail).toBe(SERVER_MESSAGES.tokenExpired);
    // Only that session ended.
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('ends the session named by the refresh token alone', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const session = await ctx.login(user.email);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect((await me(session.access_token)).statusCode).toBe(401);
  });

  it('ends the session named by the access token alone', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const session = await ctx.login(user.email);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token) });
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('always succeeds, even with unknown tokens', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer('garbage'), payload: { refresh_token: 'garbage' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

describe('GET /api/auth/me and /api/auth/verify', () => {
  it('returns the signed-in user without the password hash', async () => {
    const user = await ctx.createUser('manager', org.id);
    const tokens = await ctx.login(user.email);
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, role: 'manager', organization_id: org.id });
    expect(res.body).not.toMatch(/password|scrypt\$/i);
  });

  it('verify answers valid with the user and the expiry of the access token', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(tokens.access_token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(true);
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    const exp = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()).exp as number;
    expect(body.expires_at).toBe(new Date(exp * 1000).toISOString());
  });

  it('refuses a request without a token', async () => {
    for (const url of ['/api/auth/me', '/api/auth/verify']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: SERVER_MESSAGES.notAuthenticated });
    }
  });

  it('refuses garbage, tampered, foreign and expired tokens', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'super_admin' })).toString('base64url')}.${signature}`;
    const foreign = signAccessToken('some-other-secret', { sub: user.id, sid: claims.sid, org: org.id, role: 'viewer' });
    const expired = signAccessToken(ctx.app.secrets.jwtSecret, { sub: user.id, sid: claims.sid, org: org.id, role: 'viewer' }, Date.now() - 16 * 60 * 1000);
    for (const token of ['garbage', 'a.b.c', tampered, foreign, expired]) {
      for (const url of ['/api/auth/me', '/api/auth/verify']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, `${url} with ${token.slice(0, 20)}`).toBe(401);
        expect(res.json()).toEqual({ detail: SERVER_MESSAGES.tokenExpired });
      }
    }
    // The genuine token still works.
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it('refuses the token of a user deactivated or deleted after signing in', async () => {
    const deactivated = await ctx.createUser('viewer', org.id);
    const deleted = await ctx.createUser('viewer', org.id);
    const t1 = await ctx.login(deactivated.email);
    const t2 = await ctx.login(deleted.email);
    await ctx.db.query('update users set is_active = false where id = $1', [deactivated.id]);
    await ctx.db.query('delete from users where id = $1', [deleted.id]);
    for (const token of [t1.access_token, t2.access_token]) {
      expect((await me(token)).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(401);
    }
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates your own name and email and answers {success, user, message}', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const email = `  Renamed.${user.id.slice(0, 8)}@Test.Example `;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: ' Ada ', last_name: 'Lovelace', email, current_password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'success', 'user']);
    expect(body.success).toBe(true);
    expect(body.message).toBe(MESSAGES.profileUpdated);
    const normalized = email.trim().toLowerCase();
    expect(body.user).toMatchObject({ id: user.id, first_name: 'Ada', last_name: 'Lovelace', email: normalized, role: 'viewer' });
    expect((await me(tokens.access_token)).json().email).toBe(normalized);
    expect((await login(normalized, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('keeps your own email without a conflict', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: 'Same', last_name: 'Mail', email: user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses another user's email with 409 on the email field and changes nothing", async () => {
    const user = await ctx.createUser('viewer', org.id);
    const other = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: 'Changed', last_name: 'Name', email: other.email.toUpperCase(), current_password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.emailTaken, validation_errors: [{ field: 'email', message: SERVER_MESSAGES.emailTaken }] });
    expect((await me(tokens.access_token)).json()).toMatchObject({ email: user.email, first_name: 'Test' });
  });

  it('asks for the current password to change the e-mail, and refuses a wrong one, changing nothing', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(tokens.access_token), payload });
    const target = `moved.${user.id.slice(0, 8)}@test.example`;
    const missing = await put({ first_name: 'A', last_name: 'B', email: target });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: SERVER_MESSAGES.currentPasswordRequiredForEmail,
      validation_errors: [{ field: 'current_password', message: SERVER_MESSAGES.currentPasswordRequiredForEmail }],
    });
    const wrong = await put({ first_name: 'A', last_name: 'B', email: target, current_password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validation_errors).toEqual([{ field: 'current_password', message: SERVER_MESSAGES.currentPasswordIncorrect }]);
    expect((await me(tokens.access_token)).json()).toMatchObject({ email: user.email, first_name: 'Test' });
    // Names alone need no password.
    expect((await put({ first_name: 'A', last_name: 'B', email: user.email })).statusCode).toBe(200);
  });

  it('refuses an invalid email with 422 and the spec text', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: 'A', last_name: 'B', email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'email', message: VALIDATION.emailInvalid }]);
    expect(VALIDATION.emailInvalid).toBe('Please enter a valid email address');
  });

  it('refuses empty names with the spec texts', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: ' ', last_name: '', email: user.email },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: VALIDATION.firstNameRequired },
        { field: 'last_name', message: VALIDATION.lastNameRequired },
      ]),
    );
  });

  it('requires authentication', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { first_name: 'A', last_name: 'B', email: 'a@b.example' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (accessToken: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(accessToken), payload });

  it('refuses a wrong current password with 400 on old_password', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await change(tokens.access_token, { old_password: 'wrong-password', new_password: 'Brand-New-Pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: SERVER_MESSAGES.currentPasswordIncorrect,
      validation_errors: [{ field: 'old_password', message: SERVER_MESSAGES.currentPasswordIncorrect }],
    });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a short new password with the spec text', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await change(tokens.access_token, { old_password: TEST_PASSWORD, new_password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'new_password', message: VALIDATION.passwordTooShort }]);
  });

  it('refuses missing fields with the spec texts', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await change(tokens.access_token, { old_password: '', new_password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'old_password', message: VALIDATION.currentPasswordRequired },
        { field: 'new_password', message: VALIDATION.newPasswordRequired },
      ]),
    );
  });

  it('refuses the current password as the new one', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await change(tokens.access_token, { old_password: TEST_PASSWORD, new_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'new_password' })]);
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const current = await ctx.login(user.email);
    const other = await ctx.login(user.email);
    const res = await change(current.access_token, { old_password: TEST_PASSWORD, new_password: 'Brand-New-Pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.passwordChanged });

    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);

    expect((await me(current.access_token)).statusCode).toBe(200);
    expect((await refresh(current.refresh_token)).statusCode).toBe(200);

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'Brand-New-Pass-1')).statusCode).toBe(200);
  });

  it('slows down wrong current passwords: after five, each try waits, even with the right one', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await change(tokens.access_token, { old_password: `guess-${i}-Wrong`, new_password: 'Brand-New-Pass-1' })).statusCode).toBe(400);
    }
    const waiting = await change(tokens.access_token, { old_password: TEST_PASSWORD, new_password: 'Brand-New-Pass-1' });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ detail: failedAttemptsWait(1) });
    expect(waiting.headers['retry-after']).toBe('1');
    // The e-mail change asks the same counter.
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: 'A', last_name: 'B', email: `x.${user.id.slice(0, 6)}@test.example`, current_password: TEST_PASSWORD },
    });
    expect(profile.statusCode).toBe(429);
    await ctx.db.query(`update sign_in_failures set wait_until = now() - interval '1 second'`);
    expect((await change(tokens.access_token, { old_password: TEST_PASSWORD, new_password: 'Brand-New-Pass-1' })).statusCode).toBe(200);
  });

  it('refuses a common new password', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const res = await change(tokens.access_token, { old_password: TEST_PASSWORD, new_password: 'Password1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'new_password', message: SERVER_MESSAGES.passwordTooCommon }]);
  });

  it('requires authentication', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { old_password: 'x', new_password: 'Brand-New-Pass-1' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions end on the server', () => {
  const setLimits = (values: Record<string, number>) =>
    ctx.db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(values)) {
        await tx.query(`insert into system_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [
          key,
          JSON.stringify(value),
        ]);
      }
    });
  const sessionOf = async (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
  afterAll(async () => {
    await ctx.db.query(`delete from system_settings where key in ('session_idle_minutes', 'session_max_hours')`);
    await ctx.app.settings.load();
  });

  it('ends a session nobody used for the idle limit: its access and refresh tokens stop working', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const sid = await sessionOf(tokens.access_token);
    await ctx.db.query(`update auth_sessions set last_used_at = now() - interval '29 minutes' where id = $1`, [sid]);
    expect((await me(tokens.access_token)).statusCode).toBe(200); // 29 minutes idle: still within 30
    await ctx.db.query(`update auth_sessions set last_used_at = now() - interval '31 minutes' where id = $1`, [sid]);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('counts a request as use, at most one write a minute', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const sid = await sessionOf(tokens.access_token);
    await ctx.db.query(`update auth_sessions set last_used_at = now() - interval '20 minutes' where id = $1`, [sid]);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const row = await ctx.db.query<{ idle: number }>(`select extract(epoch from now() - last_used_at)::float8 as idle from auth_sessions where id = $1`, [sid]);
    expect(row.rows[0]!.idle).toBeLessThan(60);
  });

  it('ends every session at the length limit after sign-in, however active, and a refresh never extends it', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const sid = await sessionOf(tokens.access_token);
    const ends = async () =>
      (
        await ctx.db.query<{ hours: number }>(`select extract(epoch from expires_at - created_at)::float8 / 3600 as hours from auth_sessions where id = $1`, [
          sid,
        ])
      ).rows[0]!.hours;
    expect(Math.round(await ends())).toBe(12);
    const next = (await refresh(tokens.refresh_token)).json();
    expect(Math.round(await ends())).toBe(12);
    await ctx.db.query(`update auth_sessions set created_at = now() - interval '12 hours 1 minute', last_used_at = now() where id = $1`, [sid]);
    expect((await me(next.access_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it("applies changed limits to sessions already open, and an organization's shorter idle limit", async () => {
    const user = await ctx.createUser('viewer', org.id);
    const tokens = await ctx.login(user.email);
    const sid = await sessionOf(tokens.access_token);
    await ctx.db.query(`update auth_sessions set last_used_at = now() - interval '11 minutes' where id = $1`, [sid]);
    expect((await me(tokens.access_token)).statusCode).toBe(200); // which marks it used now
    await ctx.db.query(`update auth_sessions set last_used_at = now() - interval '11 minutes' where id = $1`, [sid]);
    await setLimits({ session_idle_minutes: 10 });
    await ctx.app.settings.load();
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    await setLimits({ session_idle_minutes: 30 });
    await ctx.app.settings.load();

    const strict = await ctx.createOrg(undefined, { session_timeout_minutes: 5 });
    const member = await ctx.createUser('viewer', strict.id);
    const own = await ctx.login(member.email);
    await ctx.db.query(`update auth_sessions set last_used_at = now() - interval '6 minutes' where id = $1`, [await sessionOf(own.access_token)]);
    expect((await me(own.access_token)).statusCode).toBe(401);
    expect((await refresh(own.refresh_token)).statusCode).toBe(401);
  });
});
