import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { MAX_PASSKEYS, PASSKEY_TEXTS } from '@admin-portal/contract/passkeys';
import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { SoftwarePasskey } from '../../test/software-passkey.ts';

/** Issue 37 item 2: passkeys, from the profile to the sign-in, against an authenticator in software. */

let ctx: TestContext;
let org: { id: string };
let otherOrg: { id: string };
/** The portal's origin in the tests (PUBLIC_URL's default): what a browser there would sign. */
const ORIGIN = 'http://localhost:8080';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const audit = async (action: string, userId: string) =>
  (
    await ctx.db.query<{ changes: Record<string, unknown>; actor_id: string }>(
      'select changes, actor_id from audit_logs where action = $1 and target_id = $2 order by created_at',
      [action, userId],
    )
  ).rows;

/** Adds a passkey for the user through the API, as the profile does: answers the authenticator. */
async function addPasskey(user: TestUser, name = 'Work laptop', key = new SoftwarePasskey(ORIGIN)): Promise<SoftwarePasskey> {
  const { access_token: token } = await ctx.login(user.email);
  const options = await post('/api/auth/passkeys/registration/options', { password: TEST_PASSWORD }, token);
  expect(options.statusCode, options.body).toBe(200);
  const added = await post('/api/auth/passkeys/registration', { name, credential: key.register(options.json()) }, token);
  expect(added.statusCode, added.body).toBe(201);
  return key;
}

/** Signs in with the passkey (the options, then its answer); `challenge_token`: as a password sign-in's second step. */
async function signInWith(key: SoftwarePasskey, challenge_token?: string, origin?: string) {
  const options = await post('/api/auth/login/passkey/options', challenge_token ? { challenge_token } : {});
  expect(options.statusCode, options.body).toBe(200);
  return post('/api/auth/login/passkey', { credential: key.authenticate(options.json(), origin) });
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg('Passkey Org');
  otherOrg = await ctx.createOrg();
});
afterAll(() => ctx.close());

describe('adding a passkey', () => {
  it('asks for the password, gives options bound to the portal, and keeps the verified passkey under its name', async () => {
    const user = await ctx.createUser('operator', org.id);
    const { access_token: token } = await ctx.login(user.email);
    const wrong = await post('/api/auth/passkeys/registration/options', { password: 'not-it' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().validation_errors).toEqual([{ field: 'password', message: SERVER_MESSAGES.currentPasswordIncorrect }]);

    const res = await post('/api/auth/passkeys/registration/options', { password: TEST_PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.rp.id).toBe('localhost');
    expect(options.user).toMatchObject({ name: user.email });
    expect(options.user.id).not.toContain(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    const key = new SoftwarePasskey(ORIGIN);
    const added = await post('/api/auth/passkeys/registration', { name: '  Work laptop ', credential: key.register(options) }, token);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      passkey: { id: expect.any(String), name: 'Work laptop', created_at: expect.any(String), last_used_at: null, synced: false },
      message: PASSKEY_TEXTS.added,
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: bearer(token) });
    expect(list.json().passkeys).toEqual([added.json().passkey]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(token) })).json()).toMatchObject({ passkeys: 1 });
    expect((await audit('auth.passkey_add', user.id))[0]!.changes).toEqual({ name: 'Work laptop' });

    // The same challenge answers once; the same passkey registers once (and is named in the next options' exclusions).
    const replay = await post('/api/auth/passkeys/registration', { name: 'Again', credential: key.register(options) }, token);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().detail).toBe(PASSKEY_TEXTS.expired);
    const next = (await post('/api/auth/passkeys/registration/options', { password: TEST_PASSWORD }, token)).json();
    expect(next.excludeCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['internal'] }]);
    const twice = await post('/api/auth/passkeys/registration', { name: 'Again', credential: key.register(next) }, token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(PASSKEY_TEXTS.alreadyRegistered);
  });

  it('refuses an answer from another origin, without user verification, or to another user’s challenge', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const other = await ctx.createUser('viewer', org.id);
    const { access_token: token } = await ctx.login(user.email);
    const { access_token: otherToken } = await ctx.login(other.email);
    const options = async () => (await post('/api/auth/passkeys/registration/options', { password: TEST_PASSWORD }, token)).json();

    const phishing = await post(
      '/api/auth/passkeys/registration',
      { name: 'K', credential: new SoftwarePasskey('https://evil.example').register(await options()) },
      token,
    );
    expect(phishing.statusCode).toBe(422);
    expect(phishing.json().validation_errors).toEqual([{ field: 'credential', message: PASSKEY_TEXTS.notVerified }]);
    const unverified = new SoftwarePasskey(ORIGIN, { userVerified: false });
    expect((await post('/api/auth/passkeys/registration', { name: 'K', credential: unverified.register(await options()) }, token)).statusCode).toBe(422);
    const theirs = await post('/api/auth/passkeys/registration', { name: 'K', credential: new SoftwarePasskey(ORIGIN).register(await options()) }, otherToken);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().detail).toBe(PASSKEY_TEXTS.expired);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: bearer(token) });
    expect(list.json().passkeys).toEqual([]);
  });

  it('refuses a blank name and malformed answers field by field, and an account at its limit', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const { access_token: token } = await ctx.login(user.email);
    const options = (await post('/api/auth/passkeys/registration/options', { password: TEST_PASSWORD }, token)).json();
    const credential = new SoftwarePasskey(ORIGIN).register(options);
    const blank = await post('/api/auth/passkeys/registration', { name: '   ', credential }, token);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().validation_errors).toEqual([{ field: 'name', message: PASSKEY_TEXTS.nameRequired }]);
    const malformed = await post(
      '/api/auth/passkeys/registration',
      { name: 'K', credential: { ...credential, type: 'password', rawId: 'not base64url!' } },
      token,
    );
    expect(malformed.statusCode).toBe(422);
    expect(
      malformed
        .json()
        .validation_errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['credential.rawId', 'credential.type']);

    await ctx.db.query(
      `insert into user_passkeys (user_id, credential_id, public_key, name) select $1, 'filler-' || n, '\\x00', 'Filler ' || n from generate_series(1, $2::int) n`,
      [user.id, MAX_PASSKEYS],
    );
    const full = await post('/api/auth/passkeys/registration/options', { password: TEST_PASSWORD }, token);
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(PASSKEY_TEXTS.tooMany);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without the password or a code, moves the counter on and records the sign-in', async () => {
    const user = await ctx.createUser('analyst', org.id);
    const key = await addPasskey(user);
    const options = (await post('/api/auth/login/passkey/options', {})).json();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    const res = await post('/api/auth/login/passkey', { credential: key.authenticate(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', user: { id: user.id, email: user.email } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(res.json().access_token) })).statusCode).toBe(200);
    expect((await audit('auth.login', user.id)).at(-1)!.changes).toEqual({ second_factor: 'passkey', passkey: 'Work laptop' });
    const stored = await ctx.db.query<{ counter: string; used: boolean }>(
      'select counter::text as counter, last_used_at is not null as used from user_passkeys where user_id = $1',
      [user.id],
    );
    expect(stored.rows[0]).toEqual({ counter: '1', used: true });

    // The same answer again: its challenge is spent.
    const replay = await post('/api/auth/login/passkey', { credential: key.authenticate(options) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toBe(PASSKEY_TEXTS.expired);
  });

  it('refuses a cloned authenticator, another origin, an unknown passkey and an inactive account', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const key = await addPasskey(user);
    expect((await signInWith(key)).statusCode).toBe(200);
    key.counter = 0; // A copy of the key that has not seen the last sign-in: its counter goes back.
    const cloned = await signInWith(key);
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().validation_errors).toEqual([{ field: 'credential', message: PASSKEY_TEXTS.notVerified }]);
    expect((await audit('auth.second_factor_failed', user.id)).at(-1)!.changes).toEqual({ method: 'passkey' });
    key.counter = 10;
    expect((await signInWith(key, undefined, 'https://evil.example')).statusCode).toBe(401);
    const unknown = await signInWith(new SoftwarePasskey(ORIGIN));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(PASSKEY_TEXTS.unknown);
    await ctx.db.query('update users set is_active = false where id = $1', [user.id]);
    const inactive = await signInWith(key);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().detail).toBe(SERVER_MESSAGES.accountInactive);
  });

  it('is offered as the second step of a password sign-in, for that account’s passkeys only', async () => {
    const user = await ctx.createUser('operator', org.id);
    const key = await addPasskey(user);
    const { access_token: token } = await ctx.login(user.email);
    const setup = await post('/api/auth/two-factor/totp/setup', { password: TEST_PASSWORD }, token);
    const secret = setup.json().secret;
    expect((await post('/api/auth/two-factor/totp/confirm', { code: await generate({ secret }) }, token)).statusCode).toBe(200);

    const password = (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json();
    expect(password).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code', 'passkey'] });
    const options = (await post('/api/auth/login/passkey/options', { challenge_token: password.challenge_token })).json();
    expect(options.allowCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['internal'] }]);
    // Another account's passkey cannot finish this sign-in.
    const stranger = await addPasskey(await ctx.createUser('viewer', org.id));
    const wrong = await post('/api/auth/login/passkey', { credential: stranger.authenticate(options) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(PASSKEY_TEXTS.notYours);
    const retry = (await post('/api/auth/login/passkey/options', { challenge_token: password.challenge_token })).json();
    const ok = await post('/api/auth/login/passkey', { credential: key.authenticate(retry) });
    expect(ok.statusCode, ok.body).toBe(200);
    // That sign-in is finished: its challenge takes no code any more.
    const late = await post('/api/auth/login/second-factor', { challenge_token: password.challenge_token, code: await generate({ secret }) });
    expect(late.statusCode).toBe(401);
    expect(late.json().detail).toBe(TWO_FACTOR_TEXTS.challengeInvalid);
    expect((await post('/api/auth/login/passkey/options', { challenge_token: 'nope' })).statusCode).toBe(401);
  });

  it('counts as the second factor an organization requires', async () => {
    const strict = await ctx.createOrg('Passkey Strict Org', { two_factor_required_roles: ['viewer'] });
    const user = await ctx.createUser('viewer', strict.id);
    // Before the policy applies to them (it asks for enrolment at sign-in), the user adds a passkey.
    await ctx.db.query(`update organizations set settings = settings - 'two_factor_required_roles' where id = $1`, [strict.id]);
    const key = await addPasskey(user);
    await ctx.db.query(`update organizations set settings = settings || '{"two_factor_required_roles": ["viewer"]}' where id = $1`, [strict.id]);
    const password = (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json();
    expect(password).toMatchObject({ second_factor_required: true, enrolment_required: false, methods: ['passkey'] });
    expect((await signInWith(key, password.challenge_token)).statusCode).toBe(200);
    expect((await signInWith(key)).statusCode).toBe(200);
  });
});

describe('removing passkeys', () => {
  it('removes one of your own, audited; it signs in no more', async () => {
    const user = await ctx.createUser('viewer', org.id);
    const key = await addPasskey(user);
    const { access_token: token } = await ctx.login(user.email);
    const [passkey] = (await ctx.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: bearer(token) })).json().passkeys;
    const other = await ctx.createUser('viewer', org.id);
    expect((await ctx.as(other, { method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}` })).statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: bearer(token) });
    expect(res.json()).toEqual({ success: true, message: PASSKEY_TEXTS.removed });
    expect((await audit('auth.passkey_remove', user.id))[0]!.changes).toEqual({ name: 'Work laptop' });
    expect((await signInWith(key)).json().detail).toBe(PASSKEY_TEXTS.unknown);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it('goes with an administrator’s reset of a user’s second factor', async () => {
    const admin = await ctx.createUser('admin', org.id);
    const user = await ctx.createUser('viewer', org.id);
    const key = await addPasskey(user);
    const listed = async () =>
      (await ctx.as(admin, { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(user.email)}` }))
        .json()
        .items.find((u: { id: string }) => u.id === user.id);
    expect((await listed()).second_factors).toEqual(['passkey']);
    const res = await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${user.id}/two-factor/reset` });
    expect(res.json()).toEqual({ success: true, message: TWO_FACTOR_TEXTS.reset });
    expect((await audit('user.two_factor_reset', user.id))[0]!.changes).toEqual({ authenticator_app: false, passkeys: 1 });
    expect((await listed()).second_factors).toEqual([]);
    expect((await signInWith(key)).statusCode).toBe(401);
    const outsider = await ctx.createUser('viewer', otherOrg.id);
    await addPasskey(outsider);
    expect((await ctx.as(admin, { method: 'POST', url: `/api/admin/users/${outsider.id}/two-factor/reset` })).statusCode).toBe(404);
  });
});
