import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from './guarded-fetch.ts';
import { findSsrfRefusal } from './ssrf-guard.ts';

/** A server on 127.0.0.1 whose answer depends on the path. */
let server: Server;
let base = '';
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/ok') res.writeHead(201, { 'x-answer': 'yes' }).end('thanks');
      else if (req.url === '/long') res.writeHead(200).end('a'.repeat(10_000));
      else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
      else if (req.url === '/silent')
        return; // never answers
      else if (req.url === '/slow-body') {
        res.writeHead(200);
        res.write('start');
        // …and the rest never comes.
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const init = { headers: { 'content-type': 'application/json', 'x-test': '1' }, body: '{"a":1}', timeoutMs: 5_000, maxBodyBytes: 4096 };

describe('GuardedFetch.post', () => {
  it('sends the body and headers, and answers the status, the headers and the body', async () => {
    const guarded = createGuardedFetch({ allowedHosts: ['127.0.0.1'] });
    try {
      const answer = await guarded.post(`${base}/ok`, init);
      expect(answer).toMatchObject({ status: 201, bodyStart: 'thanks' });
      expect(answer.headers['x-answer']).toBe('yes');
      const request = received.find((r) => r.path === '/ok')!;
      expect(request.body).toBe('{"a":1}');
      expect(request.headers['x-test']).toBe('1');
    } finally {
      await guarded.close();
    }
  });

  it('keeps only the first maxBodyBytes of a long answer', async () => {
    const guarded = createGuardedFetch({ allowedHosts: ['127.0.0.1'] });
    try {
      const answer = await guarded.post(`${base}/long`, { ...init, maxBodyBytes: 100 });
      expect(answer.status).toBe(200);
      expect(answer.bodyStart).toBe('a'.repeat(100));
    } finally {
      await guarded.close();
    }
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const guarded = createGuardedFetch({ allowedHosts: ['127.0.0.1'] });
    try {
      const answer = await guarded.post(`${base}/redirect`, init);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/ok');
    } finally {
      await guarded.close();
    }
  });

  it.each(['/silent', '/slow-body'])('fails with a TimeoutError when %s takes longer than timeoutMs', async (path) => {
    const guarded = createGuardedFetch({ allowedHosts: ['127.0.0.1'] });
    try {
      const error = await guarded.post(`${base}${path}`, { ...init, timeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('TimeoutError');
      // The next request is not held up by the one that timed out.
      await expect(guarded.post(`${base}/ok`, init)).resolves.toMatchObject({ status: 201 });
    } finally {
      await guarded.close();
    }
  });

  it('refuses an address the SSRF guard refuses, before sending anything', async () => {
    const guarded = createGuardedFetch({ allowedHosts: [] });
    const before = received.length;
    try {
      const error = await guarded.post(`${base}/ok`, init).catch((e: unknown) => e);
      expect(findSsrfRefusal(error)?.message).toMatch(/loopback/);
      expect(received.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});
