/**
 * Notification steps against real peers: email received by an SMTP server this test starts (smtp-server), a
 * webhook received by an HTTP server with a signature it can check; and a form answered with a file
 * (multipart), kept in the database and never served by the public API.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSigningKey } from '../../engine/executors/notification.ts';
import { asKey, chainGraph, createTestApiKey, testLink, testStep, waitForCase, type TestApiKey } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

let ctx: TestContext;
let org: { id: string };
let key: TestApiKey;
let smtp: SMTPServer;
const mails: Mail[] = [];
let hooks: http.Server;
let hookUrl = '';
const received: { body: string; signature: string }[] = [];

const start = (workflowId: string, data: Record<string, unknown>) =>
  asKey(ctx, key, {
    method: 'POST',
    url: '/api/public/v1/applications',
    payload: { workflow_id: workflowId, applicant: { name: 'Grace Hopper', email: 'grace@example.com' }, data },
  });

describe('notification steps and files', () => {
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    hooks = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['x-portal-signature'] ?? '') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;

    ctx = await createTestContext({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      smtpFrom: 'Onboarding <onboarding@portal.test>',
      toolAllowedHosts: ['127.0.0.1'],
      uploadLimit: 64 * 1024,
    });
    org = await ctx.createOrg('Notify Org');
    key = await createTestApiKey(ctx.db, org.id);
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    hooks.close();
  });

  it('sends the email over SMTP with the application data filled in', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([
        ['mail', 'notification', { channel: 'email', to: '{{applicant.email}}', subject: 'Welcome, {{applicant.name}}', message: 'Your plan: {{data.plan}}.' }],
      ]),
    });
    const created = (await start(wf.id, { plan: 'Gold' })).json();
    await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    const mail = mails.find((m) => m.raw.includes('Welcome, Grace Hopper'))!;
    expect(mail).toBeDefined();
    expect(mail.from).toBe('onboarding@portal.test');
    expect(mail.to).toEqual(['grace@example.com']);
    expect(mail.raw).toContain('Your plan: Gold.');
    const step = await ctx.db.query<{ output: { message_id: string } }>(
      `select output from application_steps where application_id = $1 and step_type = 'notification'`,
      [created.id],
    );
    expect(step.rows[0]!.output.message_id).toEqual(expect.any(String));
  });

  it('calls a webhook with a body signed by the organization key', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['hook', 'notification', { channel: 'webhook', to: hookUrl, subject: 'Case {{data.ref}}', message: 'Done' }]]),
    });
    const created = (await start(wf.id, { ref: 'R-1' })).json();
    await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    const hook = received.find((r) => r.body.includes(created.id))!;
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({ type: 'application.notification', application: { id: created.id }, subject: 'Case R-1', message: 'Done' });
    const [t, v1] = hook.signature.split(',').map((p) => p.split('=')[1]!);
    const expected = createHmac('sha256', webhookSigningKey(ctx.app.secrets.secretKey, org.id)).update(`${t}.${hook.body}`).digest('hex');
    expect(v1).toBe(expected);
  });

  it('fails the case saying why when the address is not one, without sending', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['mail', 'notification', { channel: 'email', to: '{{data.contact}}', subject: 'Hi', message: 'Hi' }]]),
    });
    const before = mails.length;
    const created = (await start(wf.id, { contact: 'not an address' })).json();
    const failed = await waitForCase(ctx.db, created.id, (c) => c.status === 'failed');
    expect(failed.error).toBe('"not an address" is not an email address');
    expect(mails.length).toBe(before);
  });

  it('takes a form with a file over multipart, stores it, and never serves it publicly', async () => {
    const graph = {
      steps: [
        testStep('start', 'start', { trigger: 'api', required_fields: [] }),
        testStep('docs', 'form', {
          title: 'Documents',
          fields: [
            { key: 'id_card', label: 'ID card', type: 'file', required: true },
            { key: 'note', label: 'Note', type: 'text', required: false },
          ],
        }),
        testStep('end', 'end', { outcome: 'completed' }),
      ],
      connections: [testLink('start', 'docs'), testLink('docs', 'end')],
    };
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph });
    const created = (await start(wf.id, {})).json();
    await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'form');
    const status = (await asKey(ctx, key, { method: 'GET', url: created.status_url })).json();

    const viaJson = await asKey(ctx, key, { method: 'POST', url: status.required.submit_url, payload: { note: 'no file' } });
    expect(viaJson.statusCode).toBe(422);
    expect(viaJson.json().validation_errors).toEqual([{ field: 'id_card', message: 'Send the file as multipart/form-data' }]);

    const form = (file: Blob) => {
      const f = new FormData();
      f.append('note', 'Front side');
      f.append('id_card', file, 'card.png');
      return f;
    };
    const send = async (body: FormData) => {
      const request = new Request('http://x/', { method: 'POST', body });
      return ctx.app.inject({
        method: 'POST',
        url: status.required.submit_url,
        headers: { authorization: `Bearer ${key.key}`, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const tooLarge = await send(form(new Blob([new Uint8Array(65 * 1024)], { type: 'image/png' })));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe('A file may be at most 65536 bytes');

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const ok = await send(form(new Blob([png], { type: 'image/png' })));
    expect(ok.statusCode, ok.body).toBe(200);
    const done = await waitForCase(ctx.db, created.id, (c) => c.status === 'completed');
    expect(done.data).toMatchObject({ note: 'Front side', id_card: [{ file_name: 'card.png', content_type: 'image/png', size_bytes: 8 }] });
    const stored = await ctx.db.query<{ content: Uint8Array; file_name: string }>(
      'select content, file_name from application_files where application_id = $1',
      [created.id],
    );
    expect(Buffer.from(stored.rows[0]!.content)).toEqual(Buffer.from(png));
    // Staff download it, as an attachment that a browser never renders; another organization cannot.
    const admin = await ctx.createUser('admin', org.id);
    const stranger = await ctx.createUser('admin', (await ctx.createOrg('Other Notify Org')).id);
    const detail = (await ctx.as(admin, { method: 'GET', url: `/api/admin/applications/${created.id}` })).json() as { files: { id: string; sha256: string }[] };
    const download = await ctx.as(admin, { method: 'GET', url: `/api/admin/applications/${created.id}/files/${detail.files[0]!.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(stored.rows[0]!.content))).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'x-content-sha256': detail.files[0]!.sha256,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect((await ctx.as(admin, { method: 'GET', url: `/api/admin/applications/${created.id}/files/${randomUUID()}` })).statusCode).toBe(404);
    expect((await ctx.as(stranger, { method: 'GET', url: `/api/admin/applications/${created.id}/files/${detail.files[0]!.id}` })).statusCode).toBe(404);
    // Nothing of the public API serves files back.
    expect((await asKey(ctx, key, { method: 'GET', url: `${created.status_url}/files` })).statusCode).toBe(404);
  });
});
