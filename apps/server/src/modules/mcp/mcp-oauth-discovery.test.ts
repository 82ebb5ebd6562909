import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { discoverOAuthServerInfo, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * An MCP client (the official SDK) that meets a 401 looks for OAuth: the protected resource's metadata, then the
 * authorization server's (RFC 9728, RFC 8414, OpenID discovery). The portal has no OAuth (API keys only), and with the
 * web app built those paths must not answer the app's HTML, which the client would try to read as JSON.
 */

let ctx: TestContext;
let base: string;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Admin Portal</title><div id="root"></div>');
  ctx = await createTestContext({ webDist: dist });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** A client that would sign in with OAuth if the server offered it; it keeps nothing between runs. */
function oauthClient(): OAuthClientProvider {
  let client: { client_id: string } | undefined;
  return {
    redirectUrl: 'http://127.0.0.1:1/callback',
    clientMetadata: { client_name: 'discovery test', redirect_uris: ['http://127.0.0.1:1/callback'] },
    clientInformation: () => client,
    saveClientInformation: (info) => {
      client = info;
    },
    tokens: () => undefined,
    saveTokens: () => undefined,
    redirectToAuthorization: () => undefined,
    saveCodeVerifier: () => undefined,
    codeVerifier: () => 'unused',
  };
}

describe('OAuth discovery by an MCP client', () => {
  it('finds no OAuth metadata, cleanly: every discovery path is a JSON 404', async () => {
    const found = await discoverOAuthServerInfo(new URL(`${base}/mcp`));
    expect(found.resourceMetadata).toBeUndefined();
    expect(found.authorizationServerMetadata).toBeUndefined();
  });

  it('fails to connect without a key with an HTTP error, not a parse error of the web page', async () => {
    const client = new Client({ name: 'discovery-test', version: '1.0.0' });
    const error = await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: oauthClient() })).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SyntaxError);
    expect(error!.message).not.toMatch(/Unexpected token|is not valid JSON/);
    expect(error!.message).toContain('HTTP 404');
  });
});
