/**
 * An open event stream ends with its session (issue 31, finding 4): over real HTTP, a stream gets a last `closing`
 * event saying why, and nothing after, when its session is revoked (logout, refresh-token reuse, a password change
 * elsewhere, an administrator's reset), its user is deactivated or deleted, its caller may no longer follow it, or
 * the access token it was opened with expires — also when the change happens through another server process.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, type AccessClaims } from '../../security/tokens.ts';
import { startTestCase } from '../../test/applications.factory.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { SseReader } from '../../test/sse-reader.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let orgA: { id: string };
let orgB: { id: string };
let admin: TestUser;
let workflowId: string;

const addressOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as AccessClaims;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Opens the stream on `app` with `token` and waits for its `ready` event. */
async function follow(app: FastifyInstance, token: string, query = ''): Promise<SseReader> {
  const stream = new SseReader();
  await stream.open(`${addressOf(app)}/api/admin/applications/stream${query}`, bearer(token));
  expect(stream.status, JSON.stringify(stream.error)).toBe(200);
  await stream.waitFor(() => stream.messages.some((m) => m.event === 'ready'), 20_000);
  return stream;
}

/** Waits for the stream's `closing` event and its end; answers the reason. */
async function closingOf(stream: SseReader): Promise<string> {
  await stream.waitFor(() => stream.ended, 60_000);
  const closing = stream.messages.filter((m) => m.event === 'closing');
  expect(closing).toHaveLength(1);
  expect(stream.messages.at(-1)?.event, 'closing is the last event').toBe('closing');
  return (JSON.parse(closing[0]!.data) as { reason: string }).reason;
}

describe('an open event stream ends with its session', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    orgA = await ctx.createOrg('Sessions A');
    orgB = await ctx.createOrg('Sessions B');
    admin = await ctx.createUser('admin', orgA.id);
    workflowId = (await createTestWorkflow(ctx.db, orgA.id, { status: 'active' })).id;
  });
  afterAll(() => ctx?.close());

  it('ends with session_ended when the viewer signs out, and delivers nothing after', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(viewer.email);
    const stream = await follow(ctx.app, tokens.access_token);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens.access_token),
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await closingOf(stream)).toBe('session_ended');

    // A new applicant after the logout: their name and email never reach the signed-out viewer.
    const id = await startTestCase(ctx, workflowId, orgA.id);
    expect(stream.events().some((e) => e.application_id === id)).toBe(false);
  });

  it('ends with session_ended when an administrator deactivates the user', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const stream = await follow(ctx.app, (await ctx.login(viewer.email)).access_token);
    const res = await ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${viewer.id}`, payload: { is_active: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closingOf(stream)).toBe('session_ended');
  });

  it('ends with session_ended when an administrator deletes the user', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const stream = await follow(ctx.app, (await ctx.login(viewer.email)).access_token);
    const res = await ctx.as(admin, { method: 'DELETE', url: `/api/admin/users/${viewer.id}` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await closingOf(stream)).toBe('session_ended');
  });

  it('ends with session_ended when a rotated refresh token comes back (the whole session is revoked)', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(viewer.email);
    const stream = await follow(ctx.app, tokens.access_token);
    const refresh = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect(await closingOf(stream)).toBe('session_ended');
  });

  it('ends with session_ended when the password is changed in another session, or reset by an administrator', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const here = await follow(ctx.app, (await ctx.login(viewer.email)).access_token);
    const elsewhere = await ctx.login(viewer.email);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(elsewhere.access_token),
      payload: { old_password: TEST_PASSWORD, new_password: 'Another-Horse-43' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await closingOf(here)).toBe('session_ended');

    const again = await follow(ctx.app, (await ctx.login(viewer.email, 'Another-Horse-43')).access_token);
    const reset = await ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${viewer.id}/password`, payload: { new_password: 'Third-Horse-44' } });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    expect(await closingOf(again)).toBe('session_ended');
  });

  it('ends with token_expired when the access token it was opened with expires (the session goes on)', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const claims = claimsOf((await ctx.login(viewer.email)).access_token);
    // Signed with the app's secret, issued long enough ago that it has two seconds left.
    const shortLived = signAccessToken(
      ctx.app.secrets.jwtSecret,
      { sub: claims.sub, sid: claims.sid, org: claims.org, role: claims.role },
      Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000,
    );
    const stream = await follow(ctx.app, shortLived);
    expect(await closingOf(stream)).toBe('token_expired');
    const verify = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(shortLived) });
    expect(verify.statusCode).toBe(401);
  });

  it('ends a stream on one process when the session is revoked through another on the same database', async () => {
    const other = await ctx.anotherApp();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const viewer = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(viewer.email);
    const there = await follow(other, tokens.access_token);
    const deactivated = await ctx.createUser('viewer', orgA.id);
    const alsoThere = await follow(other, (await ctx.login(deactivated.email)).access_token);

    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(tokens.access_token), payload: { refresh_token: tokens.refresh_token } });
    await ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${deactivated.id}`, payload: { is_active: false } });
    expect(await closingOf(there)).toBe('session_ended');
    expect(await closingOf(alsoThere)).toBe('session_ended');
  });

  it('checks before delivering: a session ended without any notice gets no event, only closing', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(viewer.email);
    const stream = await follow(ctx.app, tokens.access_token);
    // Revoked behind the server's back: no change notice is sent, as if it were lost.
    await ctx.db.query(`update auth_sessions set revoked_at = now(), revoked_reason = 'test' where id = $1`, [claimsOf(tokens.access_token).sid]);
    const id = await startTestCase(ctx, workflowId, orgA.id);
    expect(await closingOf(stream)).toBe('session_ended');
    expect(stream.events().some((e) => e.application_id === id)).toBe(false);
  });

  it("ends a super administrator's stream of another organization with forbidden once they are made an admin", async () => {
    const follower = await ctx.createUser('super_admin', orgB.id);
    const other = await ctx.createUser('super_admin', orgB.id);
    const stream = await follow(ctx.app, (await ctx.login(follower.email)).access_token, `?organization_id=${orgA.id}`);
    const res = await ctx.as(other, { method: 'PUT', url: `/api/admin/users/${follower.id}`, payload: { role: 'admin' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closingOf(stream)).toBe('forbidden');
  });

  it('keeps a stream whose session goes on: another user signing out does not end it', async () => {
    const viewer = await ctx.createUser('viewer', orgA.id);
    const stream = await follow(ctx.app, (await ctx.login(viewer.email)).access_token);
    const someoneElse = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(someoneElse.email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(tokens.access_token), payload: { refresh_token: tokens.refresh_token } });
    const id = await startTestCase(ctx, workflowId, orgA.id);
    await stream.waitFor(() => stream.events().some((e) => e.application_id === id && e.type === 'waiting'), 30_000);
    expect(stream.ended).toBe(false);
    stream.close();
  });
});
