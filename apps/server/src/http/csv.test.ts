/**
 * CSV downloads over real HTTP: a failure before the first rows is an error status, and a failure once rows have
 * been sent breaks the connection, so no reader takes a cut-off file for a whole one (Schemathesis saw a 200 with a
 * truncated audit export).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine, sendCsv } from './csv.ts';

interface Outcome {
  status: number;
  body: string;
  /** true when the response ended as HTTP says a complete one ends; false when the connection broke. */
  complete: boolean;
}

function download(url: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body, complete: res.complete }));
        res.on('error', () => resolve({ status: res.statusCode!, body, complete: false }));
      })
      .on('error', reject);
  });
}

async function* rows(failAfter: number | null, batches = 3): AsyncGenerator<string> {
  yield csvLine(['id', 'name']);
  for (let i = 0; i < batches; i += 1) {
    if (failAfter === i) throw new Error('the database went away');
    await new Promise((r) => setTimeout(r, 5));
    yield csvLine([i, `row ${i}`]);
  }
}

let app: FastifyInstance;
let base = '';

describe('sendCsv', () => {
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.get('/ok', (_request, reply) => sendCsv(reply, 'ok.csv', rows(null)));
    app.get('/fails-first', (_request, reply) => sendCsv(reply, 'first.csv', rows(0)));
    app.get('/fails-midway', (_request, reply) => sendCsv(reply, 'midway.csv', rows(2)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());

  it('sends the whole file as a download that ends cleanly', async () => {
    const res = await download(`${base}/ok`);
    expect(res).toEqual({ status: 200, body: 'id,name\r\n0,row 0\r\n1,row 1\r\n2,row 2\r\n', complete: true });
  });

  it('answers an error status, not a 200, when the first rows cannot be read', async () => {
    const res = await download(`${base}/fails-first`);
    expect(res.status).toBe(500);
    expect(res.body).not.toContain('id,name');
  });

  it('breaks the connection when a later batch fails, so the file never looks complete', async () => {
    const res = await download(`${base}/fails-midway`);
    expect(res.status).toBe(200);
    expect(res.body.startsWith('id,name\r\n0,row 0\r\n')).toBe(true);
    expect(res.complete).toBe(false);
  });
});
