/**
 * Webhooks over real HTTP (issue 38 item 4): a receiver started here on 127.0.0.1 gets the organization's events,
 * signed the Standard Webhooks way and verified with that project's own library; a 500 is retried with the same
 * webhook-id; every attempt shows in the deliveries log, from which a delivery is sent again; a subscription failing
 * for a day is turned off and its administrators are told; the SSRF guard keeps deliveries off addresses it refuses.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookDeliveryDetail } from '@admin-portal/contract/webhooks';
import { chainGraph, startTestCase, waitForCase } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { NAME_INPUT_SCHEMA, TRANSFORM_CONFIG } from '../../test/tools.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { forgetOldDeliveries } from './webhooks.queries.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver: records each request and answers with the next status queued (200 when none is). */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body });
        const status = this.statuses.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/portal`;
  }

  /** The requests of one message (by webhook-id) or of one event type. */
  of(filter: { id?: string; type?: string }): Received[] {
    return this.received.filter((r) => (!filter.id || r.headers['webhook-id'] === filter.id) && (!filter.type || JSON.parse(r.body).type === filter.type));
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

async function until<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let ctx: TestContext;
let receiver: Receiver;
let admin: TestUser;
let org: { id: string; name: string };

beforeAll(async () => {
  // Retries after 200 ms instead of the Standard Webhooks schedule; the receiver runs on this machine, so the guard must allow it.
  ctx = await createTestContext({ toolAllowedHosts: ['127.0.0.1'], webhookRetryDelaysMs: [200, 200, 200] });
  receiver = new Receiver();
  await receiver.start();
  org = await ctx.createOrg('Webhook Org');
  admin = await ctx.createUser('admin', org.id);
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

async function subscribe(eventTypes: string[], url = receiver.url): Promise<Webhook & { secret: string }> {
  const res = await ctx.as(admin, { method: 'POST', url: '/api/admin/webhooks', payload: { url, description: 'CRM', event_types: eventTypes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const detail = async (subscriptionId: string, deliveryId: string): Promise<WebhookDeliveryDetail> =>
  (await ctx.as(admin, { method: 'GET', url: `/api/admin/webhooks/${subscriptionId}/deliveries/${deliveryId}` })).json();

describe('webhooks', () => {
  it("sends the organization's application events, signed so a Standard Webhooks verifier accepts them", async () => {
    const hook = await subscribe(['application.started', 'application.completed']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(hook.secret_hint).toBe(`${hook.secret.slice(0, 10)}…`);
    const workflow = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: chainGraph([]) });
    const applicationId = await startTestCase(ctx, workflow.id, org.id);
    await waitForCase(ctx.db, applicationId, (c) => c.status === 'completed');

    const started = await until(
      () => receiver.of({ type: 'application.started' }).find((r) => JSON.parse(r.body).data.application_id === applicationId),
      'the started event',
    );
    const completed = await until(
      () => receiver.of({ type: 'application.completed' }).find((r) => JSON.parse(r.body).data.application_id === applicationId),
      'the completed event',
    );
    const verifier = new StandardWebhook(hook.secret);
    for (const r of [started, completed]) {
      const payload = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(payload.data).toMatchObject({ application_id: applicationId, workflow_id: workflow.id });
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(JSON.parse(completed.body).data.outcome).toBe('completed');
    // Another key does not verify it.
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(started.body, started.headers as Record<string, string>),
    ).toThrow();
    // Only what it subscribed to: no waiting or other events.
    expect(receiver.received.every((r) => ['application.started', 'application.completed'].includes(JSON.parse(r.body).type))).toBe(true);
    await ctx.as(admin, { method: 'DELETE', url: `/api/admin/webhooks/${hook.id}` });
  });

  it('retries after a 500 with the same webhook-id, keeps every attempt, and sends again on request', async () => {
    const hook = await subscribe(['tool.approved']);
    receiver.statuses.push(500);
    const sent = await ctx.as(admin, { method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` });
    expect(sent.statusCode, sent.body).toBe(202);
    const delivery = sent.json() as { id: string; message_id: string; event_type: string };
    expect(delivery.event_type).toBe('webhook.test');

    const done = await until(async () => {
      const d = await detail(hook.id, delivery.id);
      return d.status === 'succeeded' && d;
    }, 'the retried delivery');
    expect(done.attempts).toBe(2);
    const [second, first] = done.attempts_made;
    expect(first).toMatchObject({ trigger: 'automatic', response_status: 500, response_body: 'not now', error: 'The endpoint answered 500' });
    expect(second).toMatchObject({ trigger: 'automatic', response_status: 200, response_body: 'ok', error: null });
    expect(first!.request_headers['webhook-id']).toBe(delivery.message_id);
    expect(second!.request_headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(done.request_body)).toMatchObject({ type: 'webhook.test', data: { subscription_id: hook.id } });
    const twice = receiver.of({ id: delivery.message_id });
    expect(twice).toHaveLength(2);
    expect(twice.map((r) => r.body)).toEqual([done.request_body, done.request_body]);

    // Resend from the log: the same message again, recorded as a resend.
    const resent = await ctx.as(admin, { method: 'POST', url: `/api/admin/webhooks/${hook.id}/deliveries/${delivery.id}/resend` });
    expect(resent.statusCode, resent.body).toBe(202);
    await until(() => receiver.of({ id: delivery.message_id }).length === 3, 'the resend');
    const after = await until(async () => {
      const d = await detail(hook.id, delivery.id);
      return d.attempts_made.length === 3 && d.status === 'succeeded' && d;
    }, 'the resend recorded');
    expect(after.attempts_made[0]).toMatchObject({ trigger: 'resend', response_status: 200 });
    new StandardWebhook(hook.secret).verify(
      receiver.of({ id: delivery.message_id })[2]!.body,
      receiver.of({ id: delivery.message_id })[2]!.headers as Record<string, string>,
    );

    const list = (await ctx.as(admin, { method: 'GET', url: `/api/admin/webhooks/${hook.id}/deliveries?status=succeeded` })).json();
    expect(list.items.map((d: { id: string }) => d.id)).toContain(delivery.id);
    const audit = await ctx.db.query(`select 1 from audit_logs where action = 'webhook.resend' and target_id = $1`, [hook.id]);
    expect(audit.rows.length).toBe(1);
    await ctx.as(admin, { method: 'DELETE', url: `/api/admin/webhooks/${hook.id}` });
  });

  it('tells of an approved tool', async () => {
    const hook = await subscribe(['tool.approved']);
    const author = await ctx.createUser('manager', org.id);
    const created = await ctx.as(author, {
      method: 'POST',
      url: '/api/admin/tools',
      payload: { name: 'crm_lookup', description: 'Looks a customer up', tool_type: 'transform', config: TRANSFORM_CONFIG, input_schema: NAME_INPUT_SCHEMA },
    });
    expect(created.statusCode, created.body).toBe(201);
    const toolId = created.json().id;
    expect((await ctx.as(author, { method: 'PUT', url: `/api/admin/tools/${toolId}`, payload: { status: 'pending_approval' } })).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${toolId}/approve`, payload: { action: 'approve' } })).statusCode).toBe(200);
    const got = await until(() => receiver.of({ type: 'tool.approved' }).find((r) => JSON.parse(r.body).data.tool_id === toolId), 'the tool.approved event');
    expect(JSON.parse(got.body).data).toMatchObject({ tool_id: toolId, name: 'crm_lookup', approved_by: admin.email });
    new StandardWebhook(hook.secret).verify(got.body, got.headers as Record<string, string>);
    await ctx.as(admin, { method: 'DELETE', url: `/api/admin/webhooks/${hook.id}` });
  });

  it('turns off a subscription that has failed for a day and tells the administrators; turned on, it sends what waited', async () => {
    const hook = await subscribe(['application.started']);
    // It has failed since yesterday; one more failure turns it off.
    await ctx.db.query(`update webhook_subscriptions set failing_since = now() - interval '25 hours' where id = $1`, [hook.id]);
    receiver.statuses.push(503);
    const sent = (await ctx.as(admin, { method: 'POST', url: `/api/admin/webhooks/${hook.id}/test` })).json();
    const off = await until(async () => {
      const w = (await ctx.as(admin, { method: 'GET', url: `/api/admin/webhooks/${hook.id}` })).json() as Webhook;
      return !w.enabled && w;
    }, 'the subscription turned off');
    expect(off.disabled_reason).toBe('failing');
    // The notice is written right after the attempt that turned it off.
    const notice = await until(async () => {
      const found = await ctx.db.query<{ title: string; body: string }>(
        `select title, body from staff_notifications where organization_id = $1 and recipient_role = 'admin'`,
        [org.id],
      );
      return found.rows.length > 0 && found;
    }, 'the notice to the administrators');
    expect(notice.rows).toContainEqual({ title: WEBHOOK_MESSAGES.turnedOffTitle, body: WEBHOOK_MESSAGES.turnedOff(receiver.url) });
    // Off: no resend, no test event; the delivery waits.
    expect((await ctx.as(admin, { method: 'POST', url: `/api/admin/webhooks/${hook.id}/deliveries/${sent.id}/resend` })).statusCode).toBe(409);
    expect((await detail(hook.id, sent.id)).status).toBe('pending');
    // Turned on: the failing clock starts over and what waited is sent.
    const on = await ctx.as(admin, { method: 'PUT', url: `/api/admin/webhooks/${hook.id}`, payload: { enabled: true } });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await until(async () => (await detail(hook.id, sent.id)).status === 'succeeded', 'the waiting delivery sent');
    await ctx.as(admin, { method: 'DELETE', url: `/api/admin/webhooks/${hook.id}` });
  });

  it('checks what it is given, and keeps each organization to its own', async () => {
    const bad = await ctx.as(admin, { method: 'POST', url: '/api/admin/webhooks', payload: { url: 'ftp://crm.example.com/x', event_types: [] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'url', message: WEBHOOK_MESSAGES.url },
        { field: 'event_types', message: WEBHOOK_MESSAGES.eventTypesRequired },
      ]),
    );
    const unknown = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: 'https://crm.example.com/x', event_types: ['user.deleted'] },
    });
    expect(unknown.statusCode).toBe(422);
    const hook = await subscribe(['application.failed'], 'https://crm.example.com/hooks');
    const otherOrg = await ctx.createOrg('Another Webhook Org');
    const stranger = await ctx.createUser('admin', otherOrg.id);
    expect((await ctx.as(stranger, { method: 'GET', url: `/api/admin/webhooks/${hook.id}` })).statusCode).toBe(404);
    expect((await ctx.as(stranger, { method: 'GET', url: '/api/admin/webhooks' })).json().items).toEqual([]);
    const list = (await ctx.as(admin, { method: 'GET', url: '/api/admin/webhooks' })).json();
    expect(JSON.stringify(list)).not.toContain('whsec_' + hook.secret.slice(6));
    // The secret rotates: the new one is shown once and differs.
    const rotated = (await ctx.as(admin, { method: 'POST', url: `/api/admin/webhooks/${hook.id}/rotate-secret` })).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    await ctx.as(admin, { method: 'DELETE', url: `/api/admin/webhooks/${hook.id}` });
  });

  it('allows at most 20 subscriptions an organization', async () => {
    const crowded = await ctx.createOrg('Crowded Org');
    const owner = await ctx.createUser('admin', crowded.id);
    for (let i = 0; i < 20; i++) {
      const res = await ctx.as(owner, {
        method: 'POST',
        url: '/api/admin/webhooks',
        payload: { url: `https://crm.example.com/${i}`, event_types: ['application.failed'] },
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await ctx.as(owner, {
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: 'https://crm.example.com/21', event_types: ['application.failed'] },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe(WEBHOOK_MESSAGES.tooMany);
  });
});

describe("the deliveries log's retention", () => {
  it('forgets finished deliveries after 30 days, and never one still being tried', async () => {
    const hook = await subscribe(['application.failed'], 'https://crm.example.invalid/old');
    const insert = (status: string, age: string) =>
      ctx.db.query<{ id: string }>(
        `insert into webhook_deliveries (subscription_id, organization_id, message_id, event_type, payload, status, next_attempt_at, created_at)
         values ($1, $2, 'msg_' || md5(random()::text), 'webhook.test', '{}', $3, now() + interval '1 day', now() - $4::interval) returning id`,
        [hook.id, org.id, status, age],
      );
    const old = (await insert('succeeded', '31 days')).rows[0]!.id;
    const recent = (await insert('failed', '29 days')).rows[0]!.id;
    const waiting = (await insert('pending', '31 days')).rows[0]!.id;
    expect(await forgetOldDeliveries(ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.query<{ id: string }>(`select id from webhook_deliveries where id = any($1::uuid[])`, [[old, recent, waiting]]);
    expect(left.rows.map((r) => r.id).sort()).toEqual([recent, waiting].sort());
    await ctx.as(admin, { method: 'DELETE', url: `/api/admin/webhooks/${hook.id}` });
  });
});

describe('webhooks behind the SSRF guard', () => {
  let guarded: TestContext;
  afterAll(() => guarded?.close());

  it('never sends to an address the guard refuses, and says why in the attempt', async () => {
    guarded = await createTestContext({ webhookRetryDelaysMs: [60_000] });
    const o = await guarded.createOrg('Guarded Org');
    const a = await guarded.createUser('admin', o.id);
    const created = await guarded.as(a, { method: 'POST', url: '/api/admin/webhooks', payload: { url: receiver.url, event_types: ['application.started'] } });
    expect(created.statusCode, created.body).toBe(201);
    const before = receiver.received.length;
    const sent = (await guarded.as(a, { method: 'POST', url: `/api/admin/webhooks/${created.json().id}/test` })).json();
    const d = await until(async () => {
      const got = (
        await guarded.as(a, { method: 'GET', url: `/api/admin/webhooks/${created.json().id}/deliveries/${sent.id}` })
      ).json() as WebhookDeliveryDetail;
      // The delivery and its attempts are read one after the other: wait for both to tell of the recorded attempt.
      return got.attempts_made.length > 0 && got.status !== 'sending' && got;
    }, 'the refused attempt');
    expect(d.attempts_made[0]!.response_status).toBeNull();
    expect(d.attempts_made[0]!.error).toMatch(/refused|not allowed|private|loopback/i);
    expect(d.status).toBe('pending');
    expect(receiver.received.length).toBe(before);
  });
});
