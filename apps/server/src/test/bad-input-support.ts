/**
 * What the generated bad-input suites share: an app on a fresh database with a super admin, the operations of
 * its served OpenAPI document, a way to call one, the checks on an error answer, and a checksum of every table
 * (a rejected request writes nothing).
 */
import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from './harness.ts';
import { createTestApiKey, waitForCase } from './applications.factory.ts';
import { createTestWorkflow } from './workflows.factory.ts';
import { foldRollups } from './history.factory.ts';
import { foldStateCounts } from '../modules/applications/state-counts.queries.ts';
import { operationsOf, urlOf, type OpenApiDocument, type Operation } from './openapi-operations.ts';

export interface SendOptions {
  url?: string;
  /** A JSON value to send as the body (serialized here). */
  json?: unknown;
  /** A raw body, sent as is. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ErrorBody {
  detail: string;
  validation_errors?: { field: string; message: string }[];
}

export type TableSnapshot = Record<string, { rows: number; md5: string }>;

export interface BadInputSuite {
  ctx: TestContext;
  operations: Operation[];
  /** Signs the super admin in and uses the API key once (do it before the baseline snapshot: both write). */
  signIn(): Promise<void>;
  /** Calls the operation as the caller that gets past authorization: an intake API key, nobody (public), or a super admin. */
  send(op: Operation, options?: SendOptions): Promise<LightMyRequestResponse>;
  snapshot(): Promise<TableSnapshot>;
}

export async function createBadInputSuite(orgName: string): Promise<BadInputSuite> {
  const ctx = await createTestContext();
  const org = await ctx.createOrg(orgName);
  const superAdmin = await ctx.createUser('super_admin', org.id);
  const intake = `Bearer ${(await createTestApiKey(ctx.db, org.id)).key}`;
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(doc.statusCode).toBe(200);
  let authorization = '';
  let caseLink = '';

  return {
    ctx,
    operations: operationsOf(doc.json() as OpenApiDocument),
    async signIn() {
      authorization = (await ctx.headers(superAdmin)).authorization!;
      // A key's first use of the minute is noted on it (last_used_at): make it here, before any baseline.
      await ctx.app.inject({ method: 'GET', url: '/api/public/v1/applications/00000000-0000-4000-8000-000000000000', headers: { authorization: intake } });
      // A case waiting for its form, and its link, for the applicant's pages.
      const workflow = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/public/v1/applications',
        headers: { authorization: intake },
        payload: { workflow_id: workflow.id, applicant: { name: 'Bad Input' } },
      });
      await waitForCase(ctx.db, started.json().id as string, (c) => c.waiting_for === 'form');
      caseLink = `Bearer ${(started.json().applicant_url as string).split('/apply/c/')[1]}`;
      await ctx.app.inject({ method: 'GET', url: '/api/apply/case', headers: { authorization: caseLink } });
      // Its events folded into the analytics now, not by the scheduler while the suite compares tables.
      await foldRollups(ctx.db);
      await foldStateCounts(ctx.db);
    },
    send(op, options = {}) {
      const caller: Record<string, string> = op.apiKey
        ? { authorization: intake }
        : op.caseLink
          ? { authorization: caseLink }
          : op.isPublic
            ? {}
            : { authorization };
      const headers: Record<string, string> = { ...caller, ...options.headers };
      let url = options.url ?? urlOf(op);
      // A followed event stream never ends: ask for what is there, then the end.
      if (op.stream && !/[?&]follow=/.test(url)) url += `${url.includes('?') ? '&' : '?'}follow=false`;
      const request: InjectOptions = { method: op.method, url, headers };
      if (options.raw !== undefined || options.json !== undefined) {
        headers['content-type'] = options.contentType ?? 'application/json';
        request.payload = options.raw ?? JSON.stringify(options.json);
      }
      return ctx.app.inject(request);
    },
    async snapshot() {
      const tables = await ctx.db.query<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
            -- Counting an attempt is not a write of data: the sign-in limit counts refused attempts too, and failed
            -- password checks slow the next ones (sign_in_failures). Nor is handing out a challenge: a passkey
            -- sign-in's options (a body of optional fields only, {} among them) are a fresh challenge each time.
            and table_name not in ('rate_limit_counters', 'sign_in_failures', 'webauthn_challenges')
          order by table_name`,
      );
      const out: TableSnapshot = {};
      for (const { table_name } of tables.rows) {
        const res = await ctx.db.query<{ rows: number; md5: string }>(
          `select count(*)::int as rows, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5 from "${table_name}" t`,
        );
        out[table_name] = res.rows[0]!;
      }
      // The rollup scheduler stamps when it last counted the open cases (every few seconds on a slow machine): a
      // clock, not data a request wrote. Its one row must still be there.
      if (out.open_case_snapshot) out.open_case_snapshot = { ...out.open_case_snapshot, md5: 'taken_at not compared' };
      return out;
    },
  };
}

/** Every error response: a 4xx (never a 5xx) in the `{detail, validation_errors?}` shape. */
export function expectClientError(res: LightMyRequestResponse, allowed: number[], label: string): ErrorBody {
  const why = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, why).toBeLessThan(500);
  expect(allowed, why).toContain(res.statusCode);
  const body = res.json() as Record<string, unknown>;
  expect(body.detail, why).toEqual(expect.any(String));
  expect((body.detail as string).length, why).toBeGreaterThan(0);
  expect(
    Object.keys(body).every((k) => k === 'detail' || k === 'validation_errors'),
    why,
  ).toBe(true);
  if (body.validation_errors !== undefined) {
    expect(body.validation_errors, why).toEqual(expect.arrayContaining([{ field: expect.any(String), message: expect.any(String) }]));
    for (const e of body.validation_errors as Record<string, unknown>[]) expect(Object.keys(e).sort(), why).toEqual(['field', 'message']);
  }
  return body as unknown as ErrorBody;
}

/** A 400 or 422 with field errors, one of them (when given) on `field`, with `message` (when given). */
export function expectFieldErrors(
  res: LightMyRequestResponse,
  label: string,
  field?: string,
  options: { status?: number[]; message?: string } = {},
): ErrorBody {
  const body = expectClientError(res, options.status ?? [400, 422], label);
  expect(body.validation_errors?.length ?? 0, `${label}: validation_errors`).toBeGreaterThan(0);
  if (field !== undefined) {
    const expected = options.message === undefined ? expect.objectContaining({ field }) : { field, message: options.message };
    expect(body.validation_errors, `${label}: ${res.body.slice(0, 400)}`).toContainEqual(expected);
  }
  return body;
}

/** Any answer but a 5xx; a 4xx has a `detail`. */
export function expectNoServerError(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(res.json().detail, label).toEqual(expect.any(String));
}
