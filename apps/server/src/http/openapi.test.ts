/**
 * The OpenAPI document: 3.1, structurally valid, and complete against the policy table. Whether a route
 * reads a body or a query string is found out by calling it, so the check does not just restate the
 * document.
 */
import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createTestApiKey } from '../test/applications.factory.ts';
import {
  DATE_OR_DATE_TIME_PATTERN,
  DATE_PATTERN,
  DATE_SINCE_1970_PATTERN,
  DATE_TIME_PATTERN,
  INTEGER_TEXT_PATTERN,
  SIGNED_INTEGER_TEXT_PATTERN,
} from '@admin-portal/contract/input-rules';
import { dereference, isDateParameter, OPERATOR_ROUTES, type JsonSchema } from '../test/openapi-operations.ts';
import { POLICY } from './policy.ts';

interface OperationObject {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security?: Record<string, string[]>[];
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, OperationObject>>;
}

const HIDDEN = new Set(['GET /api/openapi.json']);
/** Routes that answer a file download instead of JSON. */
const CSV_DOWNLOADS = new Set(['GET /api/admin/users/export', 'GET /api/admin/system/audit-logs/export', 'GET /api/admin/simulations/:id/export']);
/** Routes that answer a server-sent event stream. */
const EVENT_STREAMS = new Set(['GET /api/admin/applications/stream']);
/** Browser navigations that answer a redirect (single sign-on's steps), not a JSON document. */
const REDIRECTS = new Set(['GET /api/auth/sso/start', 'GET /api/auth/sso/callback']);
/** Routes that answer a file's bytes. */
const FILE_DOWNLOADS = new Set([
  'GET /api/admin/applications/:id/files/:file_id',
  'GET /api/admin/applications/:id/notes/:note_id/files/:file_id',
  'GET /api/admin/system-config/:id/file',
  'GET /api/system/branding/logo/:id',
]);
/** Public routes that take an organization API key instead of a session (the intake API). */
const isApiKeyRoute = (key: string) => key.includes(' /api/public/');
const isCaseLinkRoute = (key: string) => key.includes(' /api/apply/case');
const DOCUMENTED_KEYS = Object.keys(POLICY).filter((key) => !HIDDEN.has(key));

function splitKey(key: string) {
  const [method, path] = key.split(' ') as [string, string];
  return {
    method,
    path,
    docPath: path.replace(/:(\w+)/g, '{$1}'),
    pathParams: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
  };
}

/** Values for path parameters that are not ids. */
const PARAM_VALUES: Record<string, string> = { permission: 'user:read', version: '1' };

/** A well-formed URL for the route: unknown UUIDs for ids, a known permission name for `:permission`, version 1 for `:version`. */
function concreteUrl(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? randomUUID());
}

describe('OpenAPI document', () => {
  let ctx: TestContext;
  /** The document as served, and with its references resolved (what the checks below read). */
  let raw: OpenApiDocument;
  let doc: OpenApiDocument;
  let authorization: string;
  let intakeKey: string;

  const operation = (key: string): OperationObject | undefined => {
    const { method, docPath } = splitKey(key);
    return doc.paths[docPath]?.[method.toLowerCase()];
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const org = await ctx.createOrg();
    authorization = (await ctx.headers(await ctx.createUser('super_admin', org.id))).authorization!;
    intakeKey = `Bearer ${(await createTestApiKey(ctx.db, org.id)).key}`;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    raw = res.json();
    doc = dereference(raw);
  });
  afterAll(() => ctx?.close());

  it('is OpenAPI 3.1 with a title, a version and the bearer scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1(\.\d+)?$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is valid against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(raw) as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\.1/);
  });

  it('is public: no token needed to read it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
  });

  it('hides its own route', () => {
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('documents only routes of the policy table, and the operator routes', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((key) => !POLICY[key] && !OPERATOR_ROUTES.has(key))).toEqual([]);
    expect(documented.length).toBe(new Set(documented).size);
  });

  it('documents the metrics as Prometheus text, needing no user token', () => {
    const op = operation('GET /api/metrics');
    expect(op?.summary).toEqual(expect.any(String));
    expect(op!.security).toEqual([]);
    expect(op!.responses?.['200']?.content?.['text/plain']?.schema).toMatchObject({ type: 'string' });
    for (const code of ['401', '403'])
      expect((op!.responses?.[code]?.content?.['application/json']?.schema as { required?: string[] }).required).toContain('detail');
  });

  const queryParameters = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) =>
        (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ where: `${method.toUpperCase()} ${path} ?${p.name}`, schema: (p.schema ?? {}) as JsonSchema })),
      ),
    );

  it('states that every integer query parameter is decimal digits (the pattern the server applies)', () => {
    const integers = queryParameters().filter((p) => p.schema.type === 'integer');
    expect(integers.length).toBeGreaterThan(20);
    for (const p of integers) expect([INTEGER_TEXT_PATTERN, SIGNED_INTEGER_TEXT_PATTERN], p.where).toContain(p.schema.pattern);
    for (const p of integers.filter((i) => (i.schema.minimum ?? -1) >= 0)) expect(p.schema.pattern, p.where).toBe(INTEGER_TEXT_PATTERN);
  });

  it('states what PostgreSQL takes for every date and date-time query parameter (offsets up to ±15:59, year 0001 on)', () => {
    const dates = queryParameters().filter((p) => isDateParameter(p.schema));
    expect(dates.length).toBeGreaterThan(4);
    for (const p of dates) {
      expect([DATE_PATTERN, DATE_TIME_PATTERN, DATE_OR_DATE_TIME_PATTERN, DATE_SINCE_1970_PATTERN], p.where).toContain(p.schema.pattern);
      expect(new RegExp(p.schema.pattern!, 'u').test('2026-11-28T00:00:00+16:00'), p.where).toBe(false);
    }
  });

  describe.each(DOCUMENTED_KEYS)('%s', (key) => {
    const { method, path, pathParams } = splitKey(key);
    const isPublic = POLICY[key]!.access === 'public';
    const callHeaders = () => (isApiKeyRoute(key) ? { authorization: intakeKey } : isPublic ? {} : { authorization });

    it('is documented with a summary and a tag', () => {
      const op = operation(key);
      expect(op, `${key} missing from paths`).toBeDefined();
      expect(op!.summary).toEqual(expect.any(String));
      expect(op!.tags?.length ?? 0).toBeGreaterThan(0);
    });

    it('declares the security the policy table gives it', () => {
      const op = operation(key)!;
      const effective = op.security ?? doc.security ?? [];
      if (isApiKeyRoute(key)) expect(effective).toEqual([{ apiKey: [] }]);
      else if (isCaseLinkRoute(key)) expect(effective).toEqual([{ caseLink: [] }]);
      else if (isPublic) expect(effective).toEqual([]);
      else expect(effective).toEqual([{ bearerAuth: [] }]);
    });

    it('documents its path parameters', () => {
      const op = operation(key)!;
      const documented = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(documented.map((p) => p.name).sort()).toEqual([...pathParams].sort());
      for (const p of documented) {
        expect(p.required).toBe(true);
        expect(p.schema).toEqual(expect.objectContaining({ type: 'string' }));
      }
      if (pathParams.includes('id')) expect(documented.find((p) => p.name === 'id')!.schema).toMatchObject({ format: 'uuid' });
    });

    it('documents a 2xx JSON response (CSV, events or bytes where the route sends those; a 302 for a redirect) with its schema', () => {
      const op = operation(key)!;
      if (REDIRECTS.has(key)) {
        expect(op.responses?.['302'], `${key} documents its redirect`).toBeDefined();
        return;
      }
      const ok = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
      expect(ok.length, `${key} has no 2xx response`).toBeGreaterThan(0);
      for (const [, response] of ok) {
        const type = CSV_DOWNLOADS.has(key)
          ? 'text/csv'
          : EVENT_STREAMS.has(key)
            ? 'text/event-stream'
            : FILE_DOWNLOADS.has(key)
              ? 'application/octet-stream'
              : 'application/json';
        const schema = response.content?.[type]?.schema;
        expect(schema, `${key} 2xx without a JSON schema`).toBeDefined();
        expect(Object.keys(schema!).length).toBeGreaterThan(0);
      }
    });

    if (!isPublic) {
      it('documents 401 and 403 in the error shape', () => {
        const op = operation(key)!;
        for (const code of ['401', '403']) {
          const schema = op.responses?.[code]?.content?.['application/json']?.schema as { required?: string[] } | undefined;
          expect(schema?.required, `${key} ${code}`).toContain('detail');
        }
      });
    }

    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
      it('documents a request body exactly when the route validates one', async () => {
        // An array is never a valid body: a route with a body schema answers 422; one without ignores it.
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: concreteUrl(path),
          headers: { ...callHeaders(), 'content-type': 'application/json' },
          payload: '[]',
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const validatesBody = res.statusCode === 422 && (res.json().validation_errors ?? []).some((e: { field: string }) => e.field === 'body');
        const op = operation(key)!;
        if (validatesBody) {
          const schema = op.requestBody?.content?.['application/json']?.schema as { type?: string; properties?: object } | undefined;
          expect(schema, `${key} validates a body but documents none`).toBeDefined();
          expect(schema!.type).toBe('object');
          // A body is a closed object with its properties, or explicitly open JSON (a form's answers).
          if (!(schema as { 'x-open-json'?: boolean })['x-open-json']) expect(schema!.properties).toBeDefined();
          const errors = op.responses?.['422']?.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
          expect(errors?.properties).toHaveProperty('validation_errors');
        } else {
          // A route that reads its body's parts as they stream (a file upload) documents only those parts.
          const mediaTypes = Object.keys(op.requestBody?.content ?? {});
          expect(
            mediaTypes.filter((m) => m !== 'multipart/form-data'),
            `${key} documents a body it does not read`,
          ).toEqual([]);
        }
      });
    }

    if (method === 'GET') {
      it('documents its query string exactly when the route reads one', async () => {
        const res = await ctx.app.inject({ method: 'GET', url: `${concreteUrl(path)}?limit=0`, headers: callHeaders() });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const readsLimit = res.statusCode === 422 && (res.json().validation_errors ?? []).some((e: { field: string }) => e.field === 'limit');
        const query = (operation(key)!.parameters ?? []).filter((p) => p.in === 'query');
        const ok = operation(key)!.responses?.['200']?.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        const isList = ok?.properties !== undefined && 'items' in ok.properties && 'total' in ok.properties;
        if (readsLimit && !isList) {
          // Not a paginated list (the search caps results per type): only the limit is documented.
          expect(query.map((p) => p.name)).toContain('limit');
        } else if (readsLimit) {
          expect(query.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset']));
          expect(query.find((p) => p.name === 'limit')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
          expect(query.find((p) => p.name === 'offset')!.schema).toMatchObject({ type: 'integer', minimum: 0 });
          expect(query.every((p) => p.required !== true)).toBe(true);
        } else {
          expect(query.map((p) => p.name)).not.toContain('limit');
        }
      });
    }
  });

  it('serves the documentation UI as HTML', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body.toLowerCase()).toContain('<html');
      expect(res.body).toMatch(/swagger/i);
    }
  });

  it('serves the UI assets and the document it points at', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).body;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => new URL(m[1]!, 'http://portal.test/api/docs').pathname);
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe(doc.openapi);
  });
});
