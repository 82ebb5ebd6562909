import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ERRORS, SSO_TEXTS } from '@admin-portal/contract/single-sign-on';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { startIdentityProvider, type TestIdentityProvider } from '../../test/oidc-provider.ts';
import { ssoRedirectUri } from './oidc-client.ts';

/**
 * Issue 37 item 4: single sign-on with OpenID Connect against a real provider (oidc-provider) on 127.0.0.1. The test
 * is the browser: it follows the redirects, keeps the provider's cookies and posts its sign-in form.
 */

let ctx: TestContext;
let idp: TestIdentityProvider;
let org: { id: string };
let otherOrg: { id: string };
let admin: TestUser;
let superAdmin: TestUser;

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  provider_name: 'Acme Login',
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  allowed_domains: ['sso-bank.example'],
  default_role: 'viewer',
  roles_claim: null,
  sso_only: false,
  ...over,
});
const putSso = (as: TestUser, orgId: string, body: unknown) =>
  ctx.as(as, { method: 'PUT', url: `/api/admin/organizations/${orgId}/sso`, payload: body as object });
const audit = async (action: string, targetId: string) =>
  (
    await ctx.db.query<{ changes: Record<string, unknown> }>('select changes from audit_logs where action = $1 and target_id = $2 order by created_at', [
      action,
      targetId,
    ])
  ).rows;

/** What a browser does: start at the portal, sign in at the provider, come back to the callback. Answers where the
 * callback sends the browser (/login#sso=… or #sso_error=…). `beforeCallback` may change the answer or the database. */
async function signOn(
  email: string,
  options: { asAtProvider?: string; beforeCallback?: (callback: URL) => Promise<URL> | URL; otherBrowser?: boolean } = {},
): Promise<string> {
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(email)}` });
  expect(start.statusCode, start.body).toBe(302);
  let location = start.headers.location as string;
  if (location.startsWith('/login#')) return location;
  // The portal's cookie that ties the sign-on to this browser.
  const binding = start.cookies.find((c) => c.name === 'sso_binding')!;
  expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/sso/' });
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const redirect = ssoRedirectUri(ctx.config.publicUrl);
  for (let hop = 0; hop < 10 && !location.startsWith(redirect); hop += 1) {
    let res = await fetch(location, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    if (res.status === 200 && location.includes('/interaction/')) {
      expect(await res.text()).toContain(`value="${email}"`); // the portal's login_hint
      res = await fetch(location, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: options.asAtProvider ?? email }),
      });
      keep(res);
    }
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(300);
    location = new URL(res.headers.get('location')!, location).href;
  }
  let callback = new URL(location);
  if (options.beforeCallback) callback = await options.beforeCallback(callback);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: options.otherBrowser ? {} : { sso_binding: binding.value },
  });
  expect(res.statusCode, res.body).toBe(302);
  return res.headers.location as string;
}

const codeOf = (location: string) => {
  expect(location).toMatch(/^\/login#sso=/);
  return location.slice('/login#sso='.length);
};
const exchange = (code: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/sso/exchange', payload: { code } });

beforeAll(async () => {
  ctx = await createTestContext({ toolAllowedHosts: ['127.0.0.1'] });
  idp = await startIdentityProvider(ssoRedirectUri(ctx.config.publicUrl));
  org = await ctx.createOrg('SSO Bank');
  otherOrg = await ctx.createOrg('Other SSO Org');
  admin = await ctx.createUser('admin', org.id);
  superAdmin = await ctx.createUser('super_admin', otherOrg.id);
  const saved = await putSso(admin, org.id, settings());
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await ctx?.close();
});

describe('an organization’s single sign-on settings', () => {
  it('keeps the secret encrypted and never answers it, and gives the redirect URI to register', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: `/api/admin/organizations/${org.id}/sso` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sso: {
        enabled: true,
        provider_name: 'Acme Login',
        issuer: idp.issuer,
        client_id: idp.clientId,
        has_client_secret: true,
        allowed_domains: ['sso-bank.example'],
        default_role: 'viewer',
        roles_claim: null,
        sso_only: false,
        updated_at: expect.any(String),
      },
      redirect_uri: 'http://localhost:8080/api/auth/sso/callback',
    });
    expect(res.body).not.toContain(idp.clientSecret);
    const stored = await ctx.db.query<{ s: string }>('select client_secret_encrypted as s from organization_sso where organization_id = $1', [org.id]);
    expect(stored.rows[0]!.s).not.toContain(idp.clientSecret);
    // Saved again without the secret: the stored one stays.
    const again = await putSso(admin, org.id, { ...settings(), client_secret: undefined });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(SSO_TEXTS.saved);
    expect((await audit('organization.sso_update', org.id)).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an issuer it cannot read, a non-https issuer, a missing secret, a claimed domain and a role above the caller', async () => {
    const fresh = await ctx.createOrg();
    const freshAdmin = await ctx.createUser('admin', fresh.id);
    const unreachable = await putSso(freshAdmin, fresh.id, settings({ issuer: 'http://127.0.0.1:9/nothing', allowed_domains: ['fresh.example'] }));
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().validation_errors[0]).toMatchObject({ field: 'issuer', message: expect.stringContaining(SSO_TEXTS.discoveryFailed) });
    const plain = await putSso(freshAdmin, fresh.id, settings({ issuer: 'http://idp.example.com', allowed_domains: ['fresh.example'] }));
    expect(plain.statusCode).toBe(422);
    expect(plain.json().validation_errors[0].field).toBe('issuer');
    const noSecret = await putSso(freshAdmin, fresh.id, { ...settings({ allowed_domains: ['fresh.example'] }), client_secret: undefined });
    expect(noSecret.json().validation_errors).toEqual([{ field: 'client_secret', message: SSO_TEXTS.secretRequired }]);
    const claimed = await putSso(freshAdmin, fresh.id, settings({ allowed_domains: ['fresh.example', 'sso-bank.example'] }));
    expect(claimed.statusCode).toBe(422);
    expect(claimed.json().validation_errors).toEqual([{ field: 'allowed_domains.1', message: `sso-bank.example: ${SSO_TEXTS.domainClaimed}` }]);
    expect((await putSso(freshAdmin, fresh.id, settings({ default_role: 'super_admin', allowed_domains: ['fresh.example'] }))).statusCode).toBe(422);
    const manager = await ctx.createUser('manager', fresh.id, { permissions: ['organization:manage'] });
    expect((await putSso(manager, fresh.id, settings({ default_role: 'admin', allowed_domains: ['fresh.example'] }))).statusCode).toBe(403);
    // A roles claim may name an administrator: only someone who could give that role sets one.
    expect((await putSso(manager, fresh.id, settings({ roles_claim: 'roles', allowed_domains: ['fresh.example'] }))).statusCode).toBe(403);
    // A domain another organization's people use (or that takes its sign-ups) is theirs.
    await ctx.createUser('viewer', otherOrg.id, { email: 'someone@people-elsewhere.example' });
    const peoples = await putSso(freshAdmin, fresh.id, settings({ allowed_domains: ['people-elsewhere.example'] }));
    expect(peoples.json().validation_errors).toEqual([{ field: 'allowed_domains.0', message: `people-elsewhere.example: ${SSO_TEXTS.domainClaimed}` }]);
    // And the other way: self-registration cannot take a domain that signs in to another organization.
    const signUps = await ctx.as(superAdmin, {
      method: 'PUT',
      url: `/api/admin/organizations/${otherOrg.id}/settings`,
      payload: { allowed_email_domains: ['sso-bank.example'] },
    });
    expect(signUps.statusCode).toBe(422);
    expect(signUps.json().validation_errors[0].field).toBe('allowed_email_domains');
    // Another organization's settings are not found to its non-super administrators.
    expect((await ctx.as(freshAdmin, { method: 'GET', url: `/api/admin/organizations/${org.id}/sso` })).statusCode).toBe(404);
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/organizations/${org.id}/sso` })).statusCode).toBe(200);
  });

  it('tells the sign-in page which e-mail domains sign in with a provider', async () => {
    const found = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/discover?email=someone@SSO-bank.example' });
    expect(found.json()).toEqual({ provider_name: 'Acme Login', sso_only: false });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/discover?email=someone@elsewhere.example' });
    expect(none.json()).toEqual({ provider_name: null, sso_only: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/discover?email=not-an-email' })).json().provider_name).toBeNull();
  });
});

describe('signing in through the provider', () => {
  it('creates an account with the default role at the first sign-on, then signs the same account in', async () => {
    idp.addAccount({ email: 'nina.new@sso-bank.example', given_name: 'Nina', family_name: 'Newcomer' });
    const location = await signOn('nina.new@sso-bank.example');
    const res = await exchange(codeOf(location));
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({ email: 'nina.new@sso-bank.example', first_name: 'Nina', last_name: 'Newcomer', role: 'viewer', organization_id: org.id });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${res.json().access_token}` } })).statusCode).toBe(
      200,
    );
    expect((await audit('user.create', user.id))[0]!.changes).toMatchObject({ via: 'single_sign_on', role: 'viewer' });
    expect((await audit('auth.login', user.id)).at(-1)!.changes).toEqual({ single_sign_on: { provider: 'Acme Login' } });
    // The code works once.
    const twice = await exchange(codeOf(location));
    expect(twice.statusCode).toBe(401);
    expect(twice.json().detail).toBe(SSO_TEXTS.exchangeInvalid);
    // The next sign-on finds the linked account.
    const next = await exchange(codeOf(await signOn('nina.new@sso-bank.example')));
    expect(next.json().user.id).toBe(user.id);
    const links = await ctx.db.query('select 1 from user_sso_links where user_id = $1', [user.id]);
    expect(links.rows).toHaveLength(1);
  });

  it('links an existing account of the organization by its verified e-mail, and follows a roles claim', async () => {
    const existing = await ctx.createUser('operator', org.id, { email: 'olga.operator@sso-bank.example' });
    idp.addAccount({ email: 'olga.operator@sso-bank.example', given_name: 'Olga', family_name: 'Operator' });
    const res = await exchange(codeOf(await signOn('olga.operator@sso-bank.example')));
    expect(res.json().user).toMatchObject({ id: existing.id, role: 'operator' });

    await putSso(admin, org.id, { ...settings({ roles_claim: 'roles' }), client_secret: undefined });
    idp.addAccount({ email: 'olga.operator@sso-bank.example', roles: ['viewer', 'manager', 'super_admin'] });
    const promoted = await exchange(codeOf(await signOn('olga.operator@sso-bank.example')));
    expect(promoted.json().user).toMatchObject({ id: existing.id, role: 'manager' });
    expect((await audit('user.update', existing.id)).at(-1)!.changes).toEqual({ role: { from: 'operator', to: 'manager' }, via: 'single_sign_on' });
    await putSso(admin, org.id, { ...settings(), client_secret: undefined });
  });

  it('refuses an unverified e-mail, another domain, another organization’s account and a provider’s refusal', async () => {
    idp.addAccount({ email: 'una.verified@sso-bank.example', email_verified: false });
    expect(await signOn('una.verified@sso-bank.example')).toBe('/login#sso_error=email');
    idp.addAccount({ email: 'outsider@elsewhere.example' });
    expect(await signOn('someone@sso-bank.example', { asAtProvider: 'outsider@elsewhere.example' })).toBe('/login#sso_error=email');
    const theirs = await ctx.createUser('viewer', otherOrg.id, { email: 'crossed@sso-bank.example' });
    idp.addAccount({ email: theirs.email });
    expect(await signOn(theirs.email)).toBe('/login#sso_error=other_organization');
    await ctx.db.query('delete from users where id = $1', [theirs.id]);
    // A super administrator of the organization is never signed in by its provider.
    const root = await ctx.createUser('super_admin', org.id, { email: 'root@sso-bank.example' });
    idp.addAccount({ email: root.email });
    expect(await signOn(root.email)).toBe('/login#sso_error=super_admin');
    expect(await signOn('nobody-at-the-provider@sso-bank.example')).toBe('/login#sso_error=denied');
    expect(await signOn('someone@no-sso.example')).toBe('/login#sso_error=unavailable');
    expect(Object.keys(SSO_ERRORS)).toEqual(expect.arrayContaining(['email', 'other_organization', 'denied', 'unavailable']));
  });

  it('refuses a wrong state, another browser, a replayed callback and an ID token whose nonce is not this sign-on’s', async () => {
    idp.addAccount({ email: 'sam.state@sso-bank.example' });
    const forged = await signOn('sam.state@sso-bank.example', {
      beforeCallback: (url) => {
        url.searchParams.set('state', 'a-state-this-portal-never-gave');
        return url;
      },
    });
    expect(forged).toBe('/login#sso_error=invalid');

    // The provider's answer for someone's account, opened in another browser (login CSRF): nobody is signed in.
    expect(await signOn('sam.state@sso-bank.example', { otherBrowser: true })).toBe('/login#sso_error=invalid');

    let replay = '';
    expect(
      codeOf(
        await signOn('sam.state@sso-bank.example', {
          beforeCallback: (url) => {
            replay = `${url.pathname}${url.search}`;
            return url;
          },
        }),
      ),
    ).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: replay, cookies: { sso_binding: 'whatever' } })).headers.location).toBe('/login#sso_error=expired');

    const wrongNonce = await signOn('sam.state@sso-bank.example', {
      beforeCallback: async (url) => {
        // The sign-on's nonce as the portal kept it is not the one the provider put in the ID token.
        await ctx.db.query(`update sso_requests set nonce = 'not-the-nonce-sent' where used_at is null`);
        return url;
      },
    });
    expect(wrongNonce).toBe('/login#sso_error=invalid');
  });

  it('makes single sign-on the only way in when the organization says so, but for super administrators', async () => {
    const staff = await ctx.createUser('operator', org.id);
    const orgSuperAdmin = await ctx.createUser('super_admin', org.id);
    await putSso(admin, org.id, { ...settings({ sso_only: true }), client_secret: undefined });
    try {
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: staff.email, password: TEST_PASSWORD } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(SSO_TEXTS.passwordRefused);
      // A wrong password gets the usual answer: the refusal tells only whoever knows the password.
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: staff.email, password: 'wrong-password' } })).statusCode).toBe(
        401,
      );
      const kept = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: orgSuperAdmin.email, password: TEST_PASSWORD } });
      expect(kept.statusCode).toBe(200);
    } finally {
      await putSso(admin, org.id, { ...settings(), client_secret: undefined });
    }
  });

  it('removes the settings: the domain no longer signs on', async () => {
    const fresh = await ctx.createOrg();
    const freshAdmin = await ctx.createUser('admin', fresh.id);
    expect((await putSso(freshAdmin, fresh.id, settings({ allowed_domains: ['gone.example'] }))).statusCode).toBe(200);
    const removed = await ctx.as(freshAdmin, { method: 'DELETE', url: `/api/admin/organizations/${fresh.id}/sso` });
    expect(removed.json()).toEqual({ success: true, message: SSO_TEXTS.removed });
    expect(await signOn('anyone@gone.example')).toBe('/login#sso_error=unavailable');
    expect((await ctx.as(freshAdmin, { method: 'DELETE', url: `/api/admin/organizations/${fresh.id}/sso` })).statusCode).toBe(404);
  });
});
