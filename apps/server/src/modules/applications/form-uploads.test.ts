/**
 * Form answers with files over real HTTP (issue 31, finding 13): the key, the application, its waiting form step
 * and the request's size are checked before any file part is read, and reading stops at the first part that breaks
 * a rule. The answer arrives while the client could still send far more than it has: the server did not read the
 * rest (the review saw all 190 MB of 20 files read before "application not found").
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey, testLink, testStep, waitForCase, type TestApiKey } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

const MB = 1024 * 1024;
const UPLOAD_LIMIT = 8 * MB;
const CHUNK = new Uint8Array(64 * 1024).fill(0x61);

interface FilePart {
  field: string;
  bytes: number;
}

interface Outcome {
  status: number;
  body: { detail?: string; validation_errors?: { field: string; message: string }[] };
  /** Bytes of the body the client had written when the answer came (or the connection closed). */
  written: number;
  /** Bytes the whole body would have had. */
  total: number;
}

/**
 * Posts a multipart form whose files are generated as they are sent, writing only as fast as the server reads
 * (backpressure), and stops writing as soon as the answer arrives.
 */
function upload(url: string, key: string, parts: FilePart[], fields: Record<string, string> = {}): Promise<Outcome> {
  const boundary = `----upload-${randomUUID()}`;
  const text = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = (p: FilePart, i: number) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${p.field}"; filename="f${i}.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  const tail = `--${boundary}--\r\n`;
  const total = Buffer.byteLength(text) + parts.reduce((n, p, i) => n + Buffer.byteLength(head(p, i)) + p.bytes + 2, 0) + Buffer.byteLength(tail);

  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
    });
    const write = (chunk: string | Uint8Array) =>
      new Promise<void>((done) => {
        if (answered || req.destroyed) return done();
        written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
        if (req.write(chunk)) done();
        else {
          const go = () => {
            req.off('drain', go);
            req.off('close', go);
            req.off('response', go);
            done();
          };
          req.once('drain', go).once('close', go).once('response', go);
        }
      });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body: body ? JSON.parse(body) : {}, written, total });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) reject(error);
    });
    void (async () => {
      await write(text);
      for (const [i, p] of parts.entries()) {
        await write(head(p, i));
        for (let sent = 0; sent < p.bytes && !answered; sent += CHUNK.length) await write(CHUNK.subarray(0, Math.min(CHUNK.length, p.bytes - sent)));
        await write('\r\n');
      }
      await write(tail);
      if (!answered) req.end();
    })();
  });
}

let ctx: TestContext;
let key: TestApiKey;
let base = '';
let form: { applicationId: string; stepId: string };

/** 20 files of just under the upload limit: 160 MB, each file allowed. */
const twentyFiles = (field: string) => Array.from({ length: 20 }, () => ({ field, bytes: UPLOAD_LIMIT - 1024 }));

describe('a form answer with files', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ uploadLimit: UPLOAD_LIMIT });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const org = await ctx.createOrg('Uploads Org');
    key = await createTestApiKey(ctx.db, org.id);
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
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/applications',
      headers: { authorization: `Bearer ${key.key}` },
      payload: { workflow_id: wf.id, applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, data: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const waiting = await waitForCase(ctx.db, id, (c) => c.waiting_for === 'form');
    form = { applicationId: id, stepId: waiting.current_step_id! };
  });
  afterAll(() => ctx?.close());

  const formUrl = (applicationId = form.applicationId, stepId = form.stepId) => `${base}/api/public/v1/applications/${applicationId}/forms/${stepId}`;
  /** Far less than the body: what sits in the sockets' buffers at most, not 160 MB. */
  const unread = (outcome: Outcome) => expect(outcome.written, `${outcome.written} of ${outcome.total} bytes sent`).toBeLessThan(outcome.total / 4);

  it('answers 404 for an application that does not exist without reading the 160 MB of files', async () => {
    const outcome = await upload(formUrl(randomUUID()), key.key, twentyFiles('id_card'));
    expect(outcome.status).toBe(404);
    unread(outcome);
  });

  it('answers 409 for a step the application is not waiting on, without reading the files', async () => {
    const outcome = await upload(formUrl(form.applicationId, randomUUID()), key.key, twentyFiles('id_card'));
    expect(outcome.status).toBe(409);
    expect(outcome.body.validation_errors).toContainEqual({ field: 'step_id', message: expect.any(String) });
    unread(outcome);
  });

  it('answers 401 for a missing or wrong key without reading the files', async () => {
    const outcome = await upload(formUrl(), 'apk_not-a-key', twentyFiles('id_card'));
    expect(outcome.status).toBe(401);
    unread(outcome);
  });

  it('answers 413 before reading anything when the declared size is past what one request may carry', async () => {
    const outcome = await upload(formUrl(), key.key, [...twentyFiles('id_card'), { field: 'id_card', bytes: 64 * MB }]);
    expect(outcome.status).toBe(413);
    unread(outcome);
  });

  it('stops at the first file for a field the form does not have (400), without reading the rest', async () => {
    const outcome = await upload(formUrl(), key.key, [{ field: 'passport', bytes: UPLOAD_LIMIT - 1024 }, ...twentyFiles('id_card').slice(1)]);
    expect(outcome.status).toBe(400);
    expect(outcome.body.validation_errors).toContainEqual({ field: 'passport', message: 'Unknown field' });
    unread(outcome);
  });

  it('stops at the first file for a field that takes text (422), without reading the rest', async () => {
    const outcome = await upload(formUrl(), key.key, [{ field: 'note', bytes: UPLOAD_LIMIT - 1024 }, ...twentyFiles('id_card').slice(1)]);
    expect(outcome.status).toBe(422);
    expect(outcome.body.validation_errors).toContainEqual({ field: 'note', message: expect.any(String) });
    unread(outcome);
  });

  it('stops at the first file past the size limit (413), without reading the rest', async () => {
    // The first file is 64 MB: refused once it passes 8 MB, not after the parser has read the whole part.
    const outcome = await upload(formUrl(), key.key, [{ field: 'id_card', bytes: UPLOAD_LIMIT * 8 }, ...twentyFiles('id_card').slice(0, 5)]);
    expect(outcome.status).toBe(413);
    expect(outcome.body.detail).toBe(`A file may be at most ${UPLOAD_LIMIT} bytes`);
    unread(outcome);
  });

  it('still takes a form whose files are within the limits, and moves the case on', async () => {
    const outcome = await upload(formUrl(), key.key, [{ field: 'id_card', bytes: 3 * MB }], { note: 'Front side' });
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    expect(outcome.written).toBe(outcome.total);
    const done = await waitForCase(ctx.db, form.applicationId, (c) => c.status === 'completed');
    expect(done.data).toMatchObject({ note: 'Front side', id_card: [{ file_name: 'f0.bin', size_bytes: 3 * MB }] });
  });
});
