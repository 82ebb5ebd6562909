/**
 * The event stream over real HTTP: events arrive as they happen, only the caller's organization's, in order,
 * and a client that reconnects with Last-Event-ID receives exactly what it missed.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { startTestCase, waitForCase } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { SseReader } from '../../test/sse-reader.ts';

const addressOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let ctx: TestContext;
let base = '';
let orgA: { id: string };
let orgB: { id: string };
let viewerA: TestUser;
let superAdmin: TestUser;

describe('GET /api/admin/applications/stream', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    orgA = await ctx.createOrg('Stream A');
    orgB = await ctx.createOrg('Stream B');
    viewerA = await ctx.createUser('viewer', orgA.id);
    superAdmin = await ctx.createUser('super_admin', orgB.id);
  });
  afterAll(() => ctx?.close());

  it("streams an organization's events as they happen, and nothing of another organization", async () => {
    const wfA = await createTestWorkflow(ctx.db, orgA.id, { status: 'active' });
    const wfB = await createTestWorkflow(ctx.db, orgB.id, { status: 'active' });
    const stream = new SseReader();
    await stream.open(`${base}/api/admin/applications/stream`, await ctx.headers(viewerA));
    expect(stream.status).toBe(200);
    await stream.waitFor(() => stream.messages.some((m) => m.event === 'ready'));

    const b = await startTestCase(ctx, wfB.id, orgB.id);
    const a = await startTestCase(ctx, wfA.id, orgA.id);
    await stream.waitFor(() => stream.events().some((e) => e.application_id === a && e.type === 'waiting'));
    const seen = stream.events();
    expect(seen.every((e) => e.organization_id === orgA.id)).toBe(true);
    expect(seen.some((e) => e.application_id === b)).toBe(false);
    expect(seen.filter((e) => e.application_id === a).map((e) => e.type)).toEqual([
      'application_created',
      'step_entered',
      'step_completed',
      'step_entered',
      'waiting',
    ]);
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each event carries the case as it is now: a live list can draw the row without asking for it.
    const lastOfA = stream.messages
      .filter((m) => m.event === 'application_event')
      .map((m) => JSON.parse(m.data) as { application_id: string; application: Record<string, unknown> | null })
      .findLast((e) => e.application_id === a)!;
    expect(lastOfA.application).toMatchObject({
      id: a,
      organization_id: orgA.id,
      workflow_id: wfA.id,
      workflow_name: expect.any(String),
      status: 'waiting',
      applicant_name: expect.any(String),
    });
    stream.close();
  });

  it('replays exactly what was missed after a reconnect with Last-Event-ID', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { status: 'active' });
    const first = new SseReader();
    await first.open(`${base}/api/admin/applications/stream?workflow_id=${wf.id}`, await ctx.headers(viewerA));
    const one = await startTestCase(ctx, wf.id, orgA.id);
    await first.waitFor(() => first.events().some((e) => e.application_id === one && e.type === 'waiting'));
    const last = first.events().at(-1)!.id;
    first.close();

    // While nobody listens: another case, and the first one answered.
    const two = await startTestCase(ctx, wf.id, orgA.id);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/applications/${one}`, headers: await ctx.headers(superAdmin) });
    expect(res.statusCode).toBe(200);

    const again = new SseReader();
    await again.open(`${base}/api/admin/applications/stream?workflow_id=${wf.id}`, { ...(await ctx.headers(viewerA)), 'last-event-id': last });
    await again.waitFor(() => again.events().some((e) => e.application_id === two && e.type === 'waiting'));
    const replayed = again.events();
    expect(replayed.every((e) => e.application_id === two)).toBe(true);
    expect(replayed.map((e) => e.type)).toEqual(['application_created', 'step_entered', 'step_completed', 'step_entered', 'waiting']);
    again.close();
  });

  it('gives its ready event an id, so a standard EventSource that saw no case event yet loses nothing across a restart', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { status: 'active' });
    // The process the client first reaches; it restarts while the client is away, and a load balancer sends it to another.
    const first = await ctx.anotherApp();
    await first.listen({ port: 0, host: '127.0.0.1' });
    let target = addressOf(first);
    let letReconnect!: () => void;
    const reconnect = new Promise<void>((resolve) => (letReconnect = resolve));
    const sentIds: (string | null)[] = [];
    const { authorization } = await ctx.headers(viewerA);
    const source = new EventSource(`http://portal.test/api/admin/applications/stream?workflow_id=${wf.id}`, {
      fetch: async (input, init) => {
        if (sentIds.length > 0) await reconnect;
        const url = new URL(String(input));
        const headers = new Headers(init.headers);
        headers.set('authorization', authorization!);
        sentIds.push(headers.get('last-event-id'));
        return fetch(`${target}${url.pathname}${url.search}`, { ...init, headers });
      },
    });
    const readies: string[] = [];
    const received: { application_id: string; type: string }[] = [];
    source.addEventListener('ready', (m) => readies.push(m.lastEventId));
    source.addEventListener('application_event', (m) => received.push(JSON.parse(m.data)));
    try {
      await until(() => readies.length === 1, 'the first ready event');
      expect(readies[0]).toMatch(/^\d+-\d+$/);

      await first.close();
      target = base;
      // While the client is away: two cases run to their first wait.
      const one = await startTestCase(ctx, wf.id, orgA.id);
      const two = await startTestCase(ctx, wf.id, orgA.id);
      letReconnect();

      await until(() => [one, two].every((id) => received.some((e) => e.application_id === id && e.type === 'waiting')), 'the missed events');
      expect(sentIds[1]).toBe(readies[0]);
      for (const id of [one, two]) {
        expect(received.filter((e) => e.application_id === id).map((e) => e.type)).toEqual([
          'application_created',
          'step_entered',
          'step_completed',
          'step_entered',
          'waiting',
        ]);
      }
    } finally {
      source.close();
    }
  });

  it('refuses a malformed resume position with a 422 naming it, in the query or the Last-Event-ID header', async () => {
    const url = `${base}/api/admin/applications/stream`;
    for (const junk of ['junk', '12', '12-', '-3', '1-2-3', '0x1-2', '1.5-2', '99999999999999999999-1', '1-9999999999999999999']) {
      const query = new SseReader();
      await query.open(`${url}?last_event_id=${encodeURIComponent(junk)}`, await ctx.headers(viewerA));
      expect(query.status, `?last_event_id=${junk}`).toBe(422);
      expect(query.error?.validation_errors, junk).toContainEqual({ field: 'last_event_id', message: expect.any(String) });

      const header = new SseReader();
      await header.open(url, { ...(await ctx.headers(viewerA)), 'last-event-id': junk });
      expect(header.status, `Last-Event-ID: ${junk}`).toBe(422);
      expect(header.error?.validation_errors, junk).toContainEqual({ field: 'last-event-id', message: expect.any(String) });
    }
    // An empty Last-Event-ID is the standard's "no position yet": the stream starts now.
    const empty = new SseReader();
    await empty.open(`${url}?follow=false`, { ...(await ctx.headers(viewerA)), 'last-event-id': '' });
    expect(empty.status).toBe(200);
  });

  it('lets a super admin follow another organization, and refuses others naming one', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { status: 'active' });
    const stream = new SseReader();
    await stream.open(`${base}/api/admin/applications/stream?organization_id=${orgA.id}`, await ctx.headers(superAdmin));
    const id = await startTestCase(ctx, wf.id, orgA.id);
    await stream.waitFor(() => stream.events().some((e) => e.application_id === id));
    stream.close();

    const refused = new SseReader();
    await refused.open(`${base}/api/admin/applications/stream?organization_id=${orgB.id}`, await ctx.headers(viewerA));
    expect(refused.status).toBe(422);
    const anonymous = new SseReader();
    await anonymous.open(`${base}/api/admin/applications/stream`, {});
    expect(anonymous.status).toBe(401);
    await waitForCase(ctx.db, id, () => true);
  });
});
