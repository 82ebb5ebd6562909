import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { registerBuildAssets } from './build-assets.ts';
import { createPageHtml } from './page-html.ts';

/**
 * Paths that are never a page of the app: the API, the MCP endpoint, build assets, and `/.well-known/` (OAuth and
 * OpenID discovery, which MCP clients try after a 401: they must read "not here" as JSON, not the app's HTML).
 */
const NOT_PAGES = ['/api', '/mcp', '/assets', '/.well-known'];
const isNotPage = (path: string) => NOT_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * Pages with their own HTML: /login is served login.html, a first download without the app's router and data library
 * (ADR 0047); the app starts in the same page once someone signs in.
 */
const OWN_PAGES: Readonly<Record<string, string>> = { '/login': 'login.html' };
/** The applicant's pages (`/apply/<start link>`, `/apply/c/<case link>`, ADR 0056): their own entry, none of the staff app. */
const isApplyPage = (url: string) => url === '/apply' || url.startsWith('/apply/');

/**
 * The sites that may show an applicant's page in a frame (the organization's `applicant_embed_origins`), found from
 * the page's address by whoever knows links (the modules above); none: the page is not framed, like every page.
 */
export type ApplyPageFraming = (path: string) => Promise<readonly string[]>;

/** The policy with its frame-ancestors replaced, for a page the organization lets its own sites embed. */
export function framedPolicy(policy: string, origins: readonly string[]): string {
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origins.join(' ')}`);
}

/** Serves the built web app on the same port, with SPA fallback for every other GET. */
export async function registerWeb(app: FastifyInstance, webDist: string, options: { applyPageFraming?: ApplyPageFraming } = {}) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  // Looked up per request like the files themselves, so a rebuilt web app is served without a restart.
  const pageFile = (url: string) => {
    const file = isApplyPage(url) ? 'apply.html' : OWN_PAGES[url];
    return file && fs.existsSync(path.join(webDist, file)) ? file : 'index.html';
  };
  const pageHtml = createPageHtml(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true, // files are looked up per request, so a rebuilt web app is served without a restart (its assets: build-assets.ts)
      index: 'index.html',
      maxAge: '1y',
      immutable: true,
      setHeaders: (reply, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'no-cache');
      },
    });
    registerBuildAssets(app, webDist);
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    // Unknown API, MCP and discovery paths and missing build assets are real 404s; any other page path is the SPA's to route.
    if (isNotPage(url) || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ detail: SERVER_MESSAGES.notFound });
    }
    if (!hasWeb) return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build`.');
    const file = pageFile(url);
    const html = file === 'index.html' ? pageHtml(url) : null;
    reply.header('cache-control', 'no-cache').type('text/html');
    if (file === 'apply.html') {
      reply.header('x-robots-tag', 'noindex');
      const origins = options.applyPageFraming ? await options.applyPageFraming(url) : [];
      const policy = reply.raw.getHeader('content-security-policy');
      if (origins.length > 0 && typeof policy === 'string') {
        reply.raw.removeHeader('x-frame-options');
        reply.header('content-security-policy', framedPolicy(policy, origins));
      }
    }
    return html === null ? reply.sendFile(file) : reply.send(html);
  });
}
