/**
 * Security headers on every answer (ADR 0038): @fastify/helmet with a strict Content-Security-Policy for the web app
 * and the docs UI, frame-ancestors 'none' and X-Frame-Options DENY, nosniff, no referrer, a same-origin opener policy,
 * and Strict-Transport-Security when the portal's public address is https. Answers to a request that carries a token
 * or an API key, and every API answer that does not say otherwise, must not be stored by a browser or a proxy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** One year, as browsers' preload lists ask. */
const HSTS_MAX_AGE = 31_536_000;

/**
 * The policy: everything from this origin only, no inline or evaluated script, no plug-ins, no <base>, no framing,
 * forms post here only. Styles come from the built stylesheets; the app sets element styles through the CSSOM
 * (React's style prop), which style-src does not govern. Images and fonts may be data: URIs (Bootstrap's icons).
 */
export function helmetOptions(config: Pick<Config, 'publicUrl'>): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        // Only where the portal is served over TLS: on plain http it would send the browser to an https that is not there.
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
  };
}

/** Whether a request carries a credential: a bearer token (staff, API key) or an X-API-Key. */
export const carriesCredentials = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined;

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url === '/mcp' || url.startsWith('/mcp/') || url.startsWith('/mcp?');

/**
 * Headers for answers no hook sees: those the router gives itself (a malformed URL) go out through
 * `frameworkErrors`, before any onRequest hook.
 */
export function securityHeadersWithoutHooks(config: Pick<Config, 'publicUrl'>): (request: FastifyRequest, reply: FastifyReply) => void {
  // The same options; helmet's ESM and CommonJS type declarations are distinct types of one shape.
  const apply = helmet(helmetOptions(config) as Parameters<typeof helmet>[0]);
  return (request, reply) => {
    apply(request.raw as IncomingMessage, reply.raw as ServerResponse, () => undefined);
    reply.header('cache-control', 'no-store');
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): Promise<void> {
  // Helmet writes its headers on the raw response at onRequest, so answers a handler writes itself (streams, MCP) carry them too.
  await app.register(fastifyHelmet, helmetOptions(config));
  app.addHook('onRequest', async (request, reply) => {
    if (!carriesCredentials(request)) return;
    // Answers written by hand (MCP, streams) start from the raw headers; @fastify/sse copies the reply's.
    reply.raw.setHeader('cache-control', 'no-store');
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (request, reply) => {
    const set = reply.getHeader('cache-control');
    // A route's own `no-store` (with `private`, say) stands; any other caching it asked for does not, for a credential's answer.
    if (carriesCredentials(request) && !/\bno-store\b/.test(String(set ?? ''))) reply.header('cache-control', 'no-store');
    else if (isApiPath(request.url) && set === undefined) reply.header('cache-control', 'no-store');
  });
}
