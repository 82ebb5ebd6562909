import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, registerBuildAssets } from './build-assets.ts';

const SCRIPT = `export const text = ${JSON.stringify('a line of the app '.repeat(400))};\n`;

async function serve(dist: string, limits?: { totalBytes: number; fileBytes: number }): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dist, wildcard: true, maxAge: '1y', immutable: true });
  registerBuildAssets(app, dist, limits);
  await app.ready();
  return app;
}

describe('the build assets, from memory', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-assets-'));
    fs.mkdirSync(path.join(dist, 'assets', 'nested'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.css'), 'body{color:red}');
    fs.writeFileSync(path.join(dist, 'assets', 'nested', 'x.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'package.json'), '{"secret":true}');
    app = await serve(dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a script Brotli-compressed to a browser that takes it, gzip to one that takes only gzip, and plain to the rest', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
      const plain = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: accept === undefined ? {} : { 'accept-encoding': accept } });
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body, String(accept)).toBe(SCRIPT);
    }
  });

  it('sends a file too small to gain from compression as it is, with its type', async () => {
    const css = await app.inject({ method: 'GET', url: '/assets/app-1.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{color:red}');
  });

  it('answers 304 to a browser that has the file (its ETag), and HEAD with the headers alone', async () => {
    const first = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'if-none-match': 'W/"other"' } })).statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/assets/app-1.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('keeps a file as first read (names are content hashes) and serves one built after start', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.css'), 'body{color:blue}');
    expect((await app.inject({ method: 'GET', url: '/assets/app-1.css' })).body).toBe('body{color:red}');
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
  });

  it('answers 404 for a missing file, a folder and any name that is not a plain file name, and never leaves the folder', async () => {
    for (const url of [
      '/assets/gone.js',
      '/assets/nested',
      '/assets/.hidden',
      '/assets/..%2Fpackage.json',
      '/assets/%2e%2e',
      '/assets/..',
      '/assets/a%00.js',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
    }
  });

  it('sends from disk what memory may not hold, with the same caching', async () => {
    const small = await serve(dist, { totalBytes: 1_000_000, fileBytes: 100 });
    try {
      const big = await small.inject({ method: 'GET', url: '/assets/app-1.js' });
      expect(big.statusCode).toBe(200);
      expect(big.body).toBe(SCRIPT);
      expect(big.headers['cache-control']).toContain('immutable');
    } finally {
      await small.close();
    }
  });
});

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('BR ; Q=0.2')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('br;q=x')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
