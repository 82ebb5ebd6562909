/**
 * The event stream over real HTTP: events arrive as they happen, only the caller's organization's, in order,
 * and a client that reconnects with Last-Event-ID receives exactly what it missed.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { startTestCase, waitForCase } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/** Reads server-sent events from a fetch response until `until` says stop (or the stream ends). */
class SseReader {
  readonly messages: SseMessage[] = [];
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  done: Promise<void> = Promise.resolve();
  status = 0;

  async open(url: string, headers: Record<string, string>): Promise<void> {
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: this.abort.signal });
    this.status = res.status;
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    this.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: SseMessage = { data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(':');
              const text = rest.join(':').replace(/^ /, '');
              if (field === 'id') message.id = text;
              else if (field === 'event') message.event = text;
              else if (field === 'data') message.data += text;
            }
            if (message.event || message.data) this.messages.push(message);
            for (const w of this.waiters.splice(0)) w();
          }
        }
      } catch {
        // aborted
      }
    })();
  }

  events(): { id: string; type: string; application_id: string; organization_id: string }[] {
    return this.messages.filter((m) => m.event === 'application_event').map((m) => ({ id: m.id!, ...JSON.parse(m.data) }));
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`stream: condition not met; got ${JSON.stringify(this.messages.slice(-5))}`);
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), new Promise((r) => setTimeout(r, 200))]);
    }
  }

  close(): void {
    this.abort.abort();
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
    expect(seen.filter((e) => e.application_id === a).map((e) => e.type)).toEqual(['application_created', 'step_entered', 'step_completed', 'step_entered', 'waiting']);
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each event carries the case as it is now: a live list can draw the row without asking for it.
    const lastOfA = stream.messages.filter((m) => m.event === 'application_event').map((m) => JSON.parse(m.data) as { application_id: string; application: Record<string, unknown> | null }).findLast((e) => e.application_id === a)!;
    expect(lastOfA.application).toMatchObject({ id: a, organization_id: orgA.id, workflow_id: wfA.id, workflow_name: expect.any(String), status: 'waiting', applicant_name: expect.any(String) });
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
