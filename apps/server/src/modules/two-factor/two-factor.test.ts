import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { CHALLENGE_FAILURES, RECOVERY_CODE_COUNT, TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';

let ctx: TestContext;
let org: { id: string; name: string };
let otherOrg: { id: string; name: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password = TEST_PASSWORD) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const second = (challenge_token: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', payload: { challenge_token, code } });
/** The app's code for the secret at `offsetSteps` 30-second steps from now. */
const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
const audit = async (action: string, userId: string) =>
  (
    await ctx.db.query<{ changes: Record<string, unknown>; actor_id: string }>(
      'select changes, actor_id from audit_logs where action = $1 and target_id = $2 order by created_at',
      [action, userId],
    )
  ).rows;

/** Signs in as `user` (no second factor yet), sets up the app and confirms it: the secret and the recovery codes. */
async function enrol(user: TestUser): Promise<{ secret: string; codes: string[]; token: string }> {
  const { access_token: token } = await ctx.login(user.email);
  const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/setup', headers: bearer(token), payload: { password: TEST_PASSWORD } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  // The confirming code is of the step before: the sign-ins that follow use the current step's (a code works once).
  const confirm = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/totp/confirm',
    headers: bearer(token),
    payload: { code: await codeFor(secret, -1) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, codes: confirm.json().recovery_codes, token };
}

/** The password step of an account with a second factor: its challenge token. */
async function challenge(user: TestUser): Promise<string> {
  const res = await login(user.email);
  expect(res.statusCode).toBe(200);
  return res.json().challenge_token;
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg('Two-factor Org');
  otherOrg = await ctx.createOrg();
});
afterAll(() => ctx.close());

describe('setting up an authenticator app', () => {
  it('asks for the password, gives a secret with its otpauth address and QR code, and turns on with the first right code', async () => {
    const user = await ctx.createUser('operator', org.id);
    const { access_token: token } = await ctx.login(user.email);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/setup', headers: bearer(token), payload: { password: 'not-it' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validation_errors).toEqual([{ field: 'password', message: SERVER_MESSAGES.currentPasswordIncorrect }]);

    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/setup',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_svg: svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(uri)).toContain(user.email);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not in force yet: the password alone still signs in.
    expect((await login(user.email)).json()).toHaveProperty('access_token');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(token) })).json()).toEqual({
      totp_enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      passkeys: 0,
    });

    const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/confirm', headers: bearer(token), payload: { code: '000000' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors).toEqual([{ field: 'code', message: TWO_FACTOR_TEXTS.invalidCode }]);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/confirm',
      headers: bearer(token),
      payload: { code: await codeFor(secret) },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const status = (await ctx.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(token) })).json();
    expect(status).toMatchObject({ totp_enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT });
    expect(await audit('auth.two_factor_enable', user.id)).toHaveLength(1);
    // Stored encrypted and as digests: neither the secret nor a code is in the database as given.
    const stored = await ctx.db.query<{ t: string }>(
      `select (select secret_encrypted from user_totp where user_id = $1) || ' ' || string_agg(code_hash, ' ') as t from user_recovery_codes where user_id = $1`,
      [user.id],
    );
    expect(stored.rows[0]!.t).not.toContain(secret);
    for (const code of codes) expect(stored.rows[0]!.t).not.toContain(code.replace('-', ''));
    // A second setup while it is on is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/setup',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(TWO_FACTOR_TEXTS.alreadyEnabled);
  });

  it('refuses a confirmation before any setup, and a code that is not six digits', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const { access_token: token } = await ctx.login(user.email);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/confirm', headers: bearer(token), payload: { code: '123456' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe(TWO_FACTOR_TEXTS.noSetup);
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/confirm', headers: bearer(token), payload: { code: '12345' } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().validation_errors).toEqual([expect.objectContaining({ field: 'code' })]);
  });
});

describe('signing in with a second factor', () => {
  it('answers the password with a challenge, and the code with the session; a code works once', async () => {
    const user = await ctx.createUser('manager', org.id);
    const { secret } = await enrol(user);
    const res = await login(user.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['challenge_token', 'enrolment_required', 'expires_in', 'methods', 'second_factor_required']);
    expect(body).toMatchObject({ second_factor_required: true, enrolment_required: false, methods: ['totp', 'recovery_code'], expires_in: 300 });

    const code = await codeFor(secret);
    const done = await second(body.challenge_token, code);
    expect(done.statusCode).toBe(200);
    expect(Object.keys(done.json()).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type', 'user']);
    expect(done.json().user.id).toBe(user.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(done.json().access_token) })).statusCode).toBe(200);
    expect((await audit('auth.login', user.id)).at(-1)!.changes).toEqual({ second_factor: 'totp' });
    // The challenge is spent, and the same code does not work for another sign-in.
    expect((await second(body.challenge_token, code)).json().detail).toBe(TWO_FACTOR_TEXTS.challengeInvalid);
    const replay = await second(await challenge(user), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: TWO_FACTOR_TEXTS.invalidCode, validation_errors: [{ field: 'code', message: TWO_FACTOR_TEXTS.invalidCode }] });
    // The next step's code (a phone a little ahead) does.
    expect((await second(await challenge(user), await codeFor(secret, 1))).statusCode).toBe(200);
  });

  it('takes each recovery code once, and says how many are left', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const { codes } = await enrol(user);
    const first = await second(await challenge(user), codes[0]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect((await audit('auth.login', user.id)).at(-1)!.changes).toEqual({ second_factor: 'recovery_code', recovery_codes_left: RECOVERY_CODE_COUNT - 1 });
    const reused = await second(await challenge(user), codes[0]!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().detail).toBe(TWO_FACTOR_TEXTS.invalidRecoveryCode);
    // Without its dash, too.
    expect((await second(await challenge(user), codes[1]!.replace('-', ''))).statusCode).toBe(200);
  });

  it(`spends a challenge after ${CHALLENGE_FAILURES} wrong codes, and records each wrong code`, async () => {
    const user = await ctx.createUser('viewer', org.id);
    const { secret } = await enrol(user);
    const token = await challenge(user);
    for (let i = 0; i < CHALLENGE_FAILURES; i++) {
      const res = await second(token, '000000');
      expect([401, 429]).toContain(res.statusCode);
    }
    const after = await second(token, await codeFor(secret));
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe(TWO_FACTOR_TEXTS.challengeInvalid);
    const failed = await audit('auth.second_factor_failed', user.id);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]!.changes).toEqual({ method: 'totp' });
  });

  it('refuses an unknown challenge and malformed input, and keeps the spec’s sign-in for accounts without a second factor', async () => {
    expect((await second('no-such-challenge', '123456')).json().detail).toBe(TWO_FACTOR_TEXTS.challengeInvalid);
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', payload: { challenge_token: 'x', code: 'abc' } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().validation_errors).toEqual([expect.objectContaining({ field: 'code' })]);
    const plain = await ctx.createUser('viewer', org.id);
    expect(Object.keys((await login(plain.email)).json()).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type', 'user']);
  });
});

describe('turning it off, new recovery codes, and an administrator’s reset', () => {
  it('turns off with the password; new recovery codes replace the old', async () => {
    const user = await ctx.createUser('operator', org.id);
    const { codes, token } = await enrol(user);
    const renewed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().message).toBe(TWO_FACTOR_TEXTS.codesRenewed);
    expect((await second(await challenge(user), codes[0]!)).statusCode).toBe(401);
    expect((await second(await challenge(user), renewed.json().recovery_codes[0])).statusCode).toBe(200);

    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/disable', headers: bearer(token), payload: { password: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/disable',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(off.json()).toEqual({ success: true, message: TWO_FACTOR_TEXTS.disabled });
    expect((await login(user.email)).json()).toHaveProperty('access_token');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/two-factor/totp/disable', headers: bearer(token), payload: { password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(409);
    expect(await audit('auth.two_factor_disable', user.id)).toHaveLength(1);
    expect(await audit('auth.recovery_codes_renew', user.id)).toHaveLength(1);
  });

  it('lets an administrator reset a user’s second factor, within the usual rules', async () => {
    const admin = await ctx.createUser('admin', org.id);
    const user = await ctx.createUser('viewer', org.id);
    await enrol(user);
    const listed = async () =>
      (await ctx.as(admin, { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(user.email)}` }))
        .json()
        .items.find((u: { id: string }) => u.id === user.id);
    expect((await listed()).second_factors).toEqual(['authenticator_app']);
    const res = await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${user.id}/two-factor/reset` });
    expect(res.json()).toEqual({ success: true, message: TWO_FACTOR_TEXTS.reset });
    expect((await login(user.email)).json()).toHaveProperty('access_token');
    expect((await audit('user.two_factor_reset', user.id))[0]!.actor_id).toBe(admin.id);
    const none = await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${user.id}/two-factor/reset` });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe(TWO_FACTOR_TEXTS.notEnabled);
    const outsider = await ctx.createUser('viewer', otherOrg.id);
    expect((await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${outsider.id}/two-factor/reset` })).statusCode).toBe(404);
    const superAdmin = await ctx.createUser('super_admin', org.id);
    expect((await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${superAdmin.id}/two-factor/reset` })).statusCode).toBe(403);
  });
});

describe('an organization or the product requiring a second factor', () => {
  it('makes an account without one set it up at sign-in, before any session, and keeps it from turning it off', async () => {
    const strict = await ctx.createOrg('Strict Org', { two_factor_required_roles: ['viewer', 'operator'] });
    const user = await ctx.createUser('viewer', strict.id);
    const res = await login(user.email);
    expect(res.json()).toMatchObject({ second_factor_required: true, enrolment_required: true, methods: ['totp'] });
    expect(res.json()).not.toHaveProperty('access_token');
    const token = res.json().challenge_token as string;
    // The challenge is for setting up, not for a code.
    expect((await second(token, '123456')).json().detail).toBe(TWO_FACTOR_TEXTS.challengeInvalid);

    const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/enrol/setup', payload: { challenge_token: token } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/enrol/confirm', payload: { challenge_token: token, code: '000000' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validation_errors).toEqual([{ field: 'code', message: TWO_FACTOR_TEXTS.invalidCode }]);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/enrol/confirm',
      payload: { challenge_token: token, code: await codeFor(secret, -1) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(done.json().user.id).toBe(user.id);
    expect((await audit('auth.login', user.id)).at(-1)!.changes).toEqual({ second_factor: 'totp', enrolled: true });
    // From now on, an ordinary second factor.
    const next = (await login(user.email)).json();
    expect(next).toMatchObject({ enrolment_required: false, methods: ['totp', 'recovery_code'] });
    expect((await second(next.challenge_token, await codeFor(secret))).statusCode).toBe(200);
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/disable',
      headers: bearer(done.json().access_token),
      payload: { password: TEST_PASSWORD },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe(TWO_FACTOR_TEXTS.requiredCannotDisable);
    // Roles the organization does not name sign in as before.
    const manager = await ctx.createUser('manager', strict.id);
    expect((await login(manager.email)).json()).toHaveProperty('access_token');
  });

  it('follows the product settings for every organization', async () => {
    const superAdmin = await ctx.createUser('super_admin', org.id);
    const analyst = await ctx.createUser('analyst', otherOrg.id);
    const set = await ctx.as(superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { two_factor_required_roles: ['analyst'] } });
    expect(set.statusCode, set.body).toBe(200);
    try {
      expect((await login(analyst.email)).json()).toMatchObject({ enrolment_required: true });
    } finally {
      await ctx.as(superAdmin, { method: 'PUT', url: '/api/admin/system/settings', payload: { two_factor_required_roles: [] } });
    }
    expect((await login(analyst.email)).json()).toHaveProperty('access_token');
  });

  it('refuses a role named twice or not a role, field by field', async () => {
    const admin = await ctx.createUser('admin', org.id);
    for (const roles of [['viewer', 'viewer'], ['wizard']]) {
      const res = await ctx.as(admin, { method: 'PUT', url: `/api/admin/organizations/${org.id}/settings`, payload: { two_factor_required_roles: roles } });
      expect(res.statusCode).toBe(422);
      expect(res.json().validation_errors[0].field).toMatch(/^two_factor_required_roles/);
    }
  });
});
