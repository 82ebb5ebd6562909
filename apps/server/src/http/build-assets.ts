import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * The web build's /assets/ files, answered from memory and compressed (ADR 0069). Vite names every asset after a hash
 * of its content, so a name read once never changes: each file is read on its first request and kept, with its
 * Brotli and gzip forms made once, when a browser first asks for them. A page's first load asks for 15–50 of these
 * files at once; served from disk each one cost a stat, an open, reads and two directory listings (about 2.5 ms of
 * the server's time each, measured), and went out uncompressed.
 */

/** A file name the build writes: letters, digits, `_`, `-` and dots, no leading dot (no `..`, no path). */
const ASSET_NAME = /^[\w-][\w.-]*$/;

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};
/** Types worth compressing (text); images, fonts and wasm are compressed already or gain little. */
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.svg']);

/** What memory holds at most: a build is ~3 MB; beyond this (or for a single file over the file limit) files are sent from disk. */
export const ASSET_CACHE_LIMITS = { totalBytes: 64 * 2 ** 20, fileBytes: 8 * 2 ** 20 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli quality 5: ~15 ms for the largest script (279 KB → 84 KB); quality 11 saves 9% more at 30× the time. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };

type Encoding = 'br' | 'gzip';

interface CachedAsset {
  body: Buffer;
  type: string;
  etag: string;
  compressible: boolean;
  /** Each encoding's body, made on first demand; null when it would not be smaller. */
  encoded: Map<Encoding, Promise<Buffer | null>>;
}

/**
 * The encoding to answer with from an Accept-Encoding header: Brotli, else gzip, else none. A coding listed with q=0
 * is refused; `*` stands for any coding not listed.
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (token) weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: Encoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET). */
const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')));

export function registerBuildAssets(app: FastifyInstance, webDist: string, limits: typeof ASSET_CACHE_LIMITS = ASSET_CACHE_LIMITS): void {
  const dir = path.join(webDist, 'assets');
  const cache = new Map<string, CachedAsset>();
  let cachedBytes = 0;

  /** The file, from memory or read now; null when there is no such file. `fromDisk`: too big to keep, send it from disk. */
  const load = async (name: string): Promise<CachedAsset | 'fromDisk' | null> => {
    const hit = cache.get(name);
    if (hit) return hit;
    const file = path.join(dir, name);
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    if (stat.size > limits.fileBytes || cachedBytes + stat.size > limits.totalBytes) return 'fromDisk';
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      return null;
    }
    const again = cache.get(name); // another request read it meanwhile
    if (again) return again;
    const ext = path.extname(name).toLowerCase();
    const asset: CachedAsset = {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `W/"${body.length.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      compressible: COMPRESSIBLE.has(ext) && body.length >= 1024,
      encoded: new Map(),
    };
    cache.set(name, asset);
    cachedBytes += body.length;
    return asset;
  };

  const encodedBody = (asset: CachedAsset, encoding: Encoding): Promise<Buffer | null> => {
    let made = asset.encoded.get(encoding);
    if (!made) {
      made = (encoding === 'br' ? brotli(asset.body, BROTLI_OPTIONS) : gzip(asset.body, { level: 9 })).then(
        (out) => (out.length < asset.body.length ? out : null),
        () => null,
      );
      asset.encoded.set(encoding, made);
    }
    return made;
  };

  app.get('/assets/:file', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const name = request.params.file;
    // Not a file of the build: the server's own not-found answer (for /assets, the API's JSON 404).
    if (!ASSET_NAME.test(name)) return reply.callNotFound();
    const asset = await load(name);
    if (asset === null) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    if (asset === 'fromDisk') return reply.sendFile(path.join('assets', name));
    reply.header('etag', asset.etag).type(asset.type);
    if (asset.compressible) reply.header('vary', 'Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], asset.etag)) return reply.status(304).send();
    const encoding = asset.compressible ? pickEncoding(request.headers['accept-encoding']) : null;
    const encoded = encoding ? await encodedBody(asset, encoding) : null;
    if (encoding && encoded) {
      reply.header('content-encoding', encoding);
      return reply.send(encoded);
    }
    return reply.send(asset.body);
  });
}
