import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the single sign-on tests (`oidc-provider`, the certified implementation), on
 * 127.0.0.1 at a free port: one confidential client registered with the portal's redirect URI, and accounts the test
 * adds. Its sign-in page (/interaction/<uid>) is a plain form: the e-mail, pre-filled from the portal's login_hint, and
 * a Continue button that signs that account in and grants the client its scopes. The API tests post the form; the
 * browser tests click it.
 */

export interface ProviderAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** A roles claim (in the profile scope). */
  roles?: string[];
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account; its subject is stable per e-mail. */
  addAccount(account: ProviderAccount): void;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const subjectOf = (email: string) => `subject-${Buffer.from(email).toString('hex')}`;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'admin-portal';
  const clientSecret = 'a-client-secret-for-tests-only-0123456789';
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    jwks: { keys: [{ ...jwk, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['a-cookie-key-for-tests-only'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'roles'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = [...accounts.values()].find((a) => subjectOf(a.email) === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          given_name: account.given_name,
          family_name: account.family_name,
          name: [account.given_name, account.family_name].filter(Boolean).join(' ') || undefined,
          roles: account.roles,
        }),
      };
    },
  });

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        const hint = String(details.params.login_hint ?? '');
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          `<!doctype html><html><head><title>Test identity provider</title></head><body><h1>Test identity provider</h1>` +
            `<form method="post"><label>E-mail <input name="email" value="${escapeHtml(hint)}"></label> <button type="submit">Continue</button></form></body></html>`,
        );
        return;
      }
      const body = await new Promise<string>((resolve) => {
        let data = '';
        req.on('data', (chunk: Buffer) => (data += chunk.toString()));
        req.on('end', () => resolve(data));
      });
      const email = new URLSearchParams(body).get('email') ?? '';
      if (!accounts.has(email)) {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'No such account' }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: subjectOf(email), clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: subjectOf(email) }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (err) {
      res.statusCode = 400;
      res.end(String((err as Error).message));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.email, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
