import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { withBootFrame } from './boot-frame.ts';

const INDEX = '<!doctype html><html><head><title>Admin Portal</title></head><body><div id="root"></div></body></html>';

describe('serving the web app on the API port', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
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

  it("puts the screen's preload links in the page it serves, from the build's table, and only asset paths", async () => {
    const table = {
      routes: {
        '/users': { scripts: ['/assets/users-route-1.js', '/assets/table-1.js'], styles: ['/assets/users-route-1.css'] },
        '/docs/:slug': { scripts: ['/assets/doc-page-1.js'], styles: [] },
        '/settings': { scripts: ['https://elsewhere.example/x.js', '/assets/"><script>x</script>.js', '/assets/settings-1.js'], styles: [] },
      },
    };
    const before = await ctx.app.inject({ method: 'GET', url: '/users' });
    expect(before.body).not.toContain('modulepreload');
    fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(table));
    const users = await ctx.app.inject({ method: 'GET', url: '/users?search=a' });
    expect(users.statusCode).toBe(200);
    expect(users.headers['cache-control']).toBe('no-cache');
    expect(users.body).toBe(
      withBootFrame(
        INDEX.replace(
          '</head>',
          '<link rel="preload" as="style" crossorigin href="/assets/users-route-1.css"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/users-route-1.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/table-1.js"></head>',
        ),
        '/users',
      ),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/docs/getting-started' })).body).toContain('href="/assets/doc-page-1.js"');
    const settings = (await ctx.app.inject({ method: 'GET', url: '/settings' })).body;
    expect(settings).toContain('href="/assets/settings-1.js"');
    expect(settings).not.toContain('elsewhere');
    expect(settings).not.toContain('<script>');
    for (const url of ['/docs', '/no-such-page', '/users/x']) expect((await ctx.app.inject({ method: 'GET', url })).body, url).not.toContain('modulepreload');
    fs.writeFileSync(path.join(dist, 'route-preloads.json'), 'not json');
    expect((await ctx.app.inject({ method: 'GET', url: '/users' })).body).toBe(withBootFrame(INDEX, '/users'));
    fs.rmSync(path.join(dist, 'route-preloads.json'));
  });

  it("draws a staff page's first frame (its heading) into the page it serves, and no other page's (ADR 0070)", async () => {
    const users = await ctx.app.inject({ method: 'GET', url: '/users?page=2' });
    expect(users.statusCode).toBe(200);
    expect(users.body).toContain('<div id="boot-frame" class="boot-frame" aria-hidden="true">');
    expect(users.body).toContain('<h1 class="h3 mb-1">User Management</h1>');
    expect(users.body.indexOf('id="boot-frame"')).toBeLessThan(users.body.indexOf('<div id="root"></div>'));
    // The builder's: the spinner it opens with under its heading for screen readers.
    expect((await ctx.app.inject({ method: 'GET', url: '/workflows/builder?id=x' })).body).toContain('<h1 class="visually-hidden">Visual Builder</h1>');
    for (const url of ['/', '/applications/0b5e7f9a-1c1d-4c8e-9a55-0d4c0f6d2f10', '/no-such-page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('boot-frame');
    }
  });

  it("draws a markdown page's heading from the build's doc-headings.json, read again when it changes", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/docs/getting-started' })).body).not.toContain('boot-frame');
    fs.writeFileSync(path.join(dist, 'doc-headings.json'), JSON.stringify({ pages: { '/docs/getting-started': 'Getting started', '/support': 42 } }));
    const guide = (await ctx.app.inject({ method: 'GET', url: '/docs/getting-started' })).body;
    expect(guide).toContain('<div class="markdown-body"><h1 class="md-heading">Getting started</h1></div>');
    expect(guide.indexOf('id="boot-frame"')).toBeLessThan(guide.indexOf('<div id="root"></div>'));
    // A heading that is not a string is left out; so is every heading of a file that is not JSON.
    expect((await ctx.app.inject({ method: 'GET', url: '/support' })).body).not.toContain('boot-frame');
    fs.writeFileSync(path.join(dist, 'doc-headings.json'), '{');
    expect((await ctx.app.inject({ method: 'GET', url: '/docs/getting-started' })).body).not.toContain('boot-frame');
    fs.rmSync(path.join(dist, 'doc-headings.json'));
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
