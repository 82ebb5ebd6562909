import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';

describe('serving the web app on the API port', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Admin Portal</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    ctx = await createTestContext({ webDist: dist });
  });
  afterAll(() => ctx.close());

  it('falls back to index.html for app routes', async () => {
    for (const url of ['/', '/dashboard', '/settings/organizations?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Admin Portal</title>');
    }
  });

  it('serves /login its own page once the build has one, and index.html before', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(before.body).toContain('<title>Admin Portal</title>');
    fs.writeFileSync(path.join(dist, 'login.html'), '<!doctype html><title>Sign In · Admin Portal</title>');
    for (const url of ['/login', '/login?next=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Sign In · Admin Portal</title>');
    }
    // Only /login: a page below it, and every other page, is the app's.
    for (const url of ['/login/x', '/register', '/dashboard']) {
      expect((await ctx.app.inject({ method: 'GET', url })).body, url).toContain('<title>Admin Portal</title>');
    }
  });

  it('serves build assets with long caching, including ones built after start', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(200);
  });

  it('answers a missing asset and an unknown API path with 404, not the page', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(asset.statusCode).toBe(404);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found' });
  });

  it('answers OAuth and OpenID discovery, any /.well-known/ and any unknown API path with a JSON 404 for every method', async () => {
    const urls = [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/mcp',
      '/.well-known/openid-configuration',
      '/mcp/.well-known/openid-configuration',
      '/.well-known/security.txt',
      '/.well-known',
      '/api',
      '/api/admin/nothing-here',
      '/api/v2/users?x=1',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
        const res = await ctx.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
        if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toEqual({ detail: 'Not found' });
      }
    }
  });
});
