import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../test/harness.ts';

const CHAT = { message: 'How do I add a user?' };

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = directives(res);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  expect(String(res.headers['content-security-policy']), what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

let ctx: TestContext;
let dist: string;
let admin: TestUser;
beforeAll(async () => {
  // A built web app of two files, as apps/web/dist would be.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Admin Portal</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  ctx = await createTestContext({ webDist: dist });
  admin = await ctx.createUser('admin', (await ctx.createOrg()).id);
});
afterAll(() => ctx.close());

describe('security headers', () => {
  it('are on every answer: the app, its assets, the API, the docs UI, errors and 404s', async () => {
    const requests = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/users' },
      { method: 'GET', url: '/assets/app-1.js' },
      { method: 'GET', url: '/assets/gone.js' },
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } },
      { method: 'GET', url: '/api/admin/users/%E0%A4%A' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/docs/static/swagger-ui.css' },
      { method: 'GET', url: '/api/openapi.json' },
      { method: 'POST', url: '/mcp', payload: {} },
    ] as const;
    for (const request of requests) {
      const res = await ctx.app.inject(request as never);
      expectSecurityHeaders(res, `${request.method} ${request.url} → ${res.statusCode}`);
    }
  });

  it('are on answers given as a stream the handler writes itself', async () => {
    const res = await ctx.as(admin, { method: 'POST', url: '/api/admin/ai/chat', headers: { accept: 'text/event-stream' }, payload: CHAT });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, 'AI chat stream');
  });

  it('send no Strict-Transport-Security while the public URL is plain http', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(directives(res).has('upgrade-insecure-requests')).toBe(false);
  });

  it('send Strict-Transport-Security for a year when the public URL is https', async () => {
    const tls = await ctx.anotherApp({ publicUrl: 'https://portal.example.com', webDist: dist });
    for (const url of ['/', '/api/health', '/api/nope']) {
      const res = await tls.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });
});

describe('caching', () => {
  it('forbids storing any answer to a request that carries a token or an API key', async () => {
    const key = (await ctx.as(admin, { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Cache test', scopes: ['intake', 'mcp'] } })).json()
      .key as string;
    const answers = [
      await ctx.as(admin, { method: 'GET', url: '/api/auth/me' }),
      await ctx.as(admin, { method: 'GET', url: '/api/admin/users' }),
      await ctx.as(admin, { method: 'GET', url: '/api/admin/users/00000000-0000-4000-8000-000000000000' }),
      await ctx.as(admin, { method: 'GET', url: '/api/system/branding' }),
      await ctx.as(admin, { method: 'GET', url: '/users' }),
      // Routes that would let it be cached (a static file, a build asset) are overruled for a credential's answer.
      await ctx.as(admin, { method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
      await ctx.as(admin, { method: 'GET', url: '/assets/app-1.js' }),
      await ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: 'Bearer not-a-token' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/public/v1/applications/00000000-0000-4000-8000-000000000000', headers: { 'x-api-key': key } }),
      await ctx.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        },
      }),
      await ctx.as(admin, { method: 'POST', url: '/api/admin/ai/chat', headers: { accept: 'text/event-stream' }, payload: CHAT }),
    ];
    for (const res of answers)
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toMatch(/^(private, )?no-store(, no-transform)?$/);
  });

  it('forbids storing the application event stream', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const aborted = new AbortController();
    const res = await fetch(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/admin/applications/stream`, {
      headers: await ctx.headers(admin),
      signal: aborted.signal,
    });
    aborted.abort();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('forbids storing API answers even without credentials', async () => {
    for (const url of ['/api/system/branding', '/api/health', '/api/nope', '/api/openapi.json']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps long caching for hashed build assets and revalidation for the page', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
