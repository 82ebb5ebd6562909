/**
 * Schemathesis-style positive checks over the served OpenAPI document (issue 38): requests made only from what the
 * document says (each query parameter's and header's schema, and the JSON body's where the document can make one),
 * sent as a signed-in super administrator, are never refused as malformed or invalid (400, 422) for a reason the
 * document does not state. bad-input.random.test.ts is the other half: what the document refuses, the server refuses.
 *
 * Values come from each schema: enums, integers and numbers within their bounds, strings matching their `pattern`
 * (fast-check's stringMatching) within their lengths (now and then as long as allowed), uuids, arrays within their
 * sizes (unique where `uniqueItems`), records by `propertyNames`, optional parameters and fields sometimes left out.
 * An id names a live thing where the suite has one (its organization, a draft workflow, a tool…), else nothing (404).
 * The document's `x-` keywords are read as rules: a time-zone field (`x-time-zone`) gets a name the runtime knows; a
 * value only the server issues (`x-issued-by-server`: a list's cursor), the account's current password
 * (`x-current-password`) and an open document (`x-open-json`) are left out. Text never holds NUL or a lone surrogate: the document's 400 answer says both are refused everywhere.
 *
 * A 400 or 422 fails unless each error it names is a rule the document states in words: a message quoted at the end of
 * one of the operation's `x-rules` (body, nested objects included) or `x-query-rules` (rules across query parameters),
 * or an error on a field whose schema carries a rule's text (`x-password-policy`, `x-time-zone`, `x-issued-by-server`,
 * `x-current-password`, `x-checked-against`), or inside it. Other answers must be in ALLOWED_STATUSES. Runs are few per operation and the
 * seed is fixed: the suite takes seconds, and a failure is the same on the next run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createBadInputSuite, type ErrorBody } from '../test/bad-input-support.ts';
import { dereference, urlOf, validParams, type JsonSchema, type OpenApiDocument, type Operation } from '../test/openapi-operations.ts';
import { createTestConfig } from '../test/system-config.factory.ts';
import { createTestConfiguration, createTestTool } from '../test/tools.factory.ts';
import { createTestTemplate, createTestWorkflow } from '../test/workflows.factory.ts';

const suite = await createBadInputSuite('Conformance Org');
const { ctx, operations, send } = suite;

// Fixed, so a failure is the same on the next run. To look further: CONFORMANCE_SEED=<n> CONFORMANCE_RUNS=<times as many>.
const SEED = Number(process.env.CONFORMANCE_SEED ?? 38);
const SCALE = Number(process.env.CONFORMANCE_RUNS ?? 1);
const QUERY_RUNS = 20 * SCALE;
const BODY_RUNS = 12 * SCALE;

/**
 * What a request the document allows may be answered, besides a stated refusal (see above), and why. Anything else
 * fails: a 400 or 422 for an unstated reason, a 413 or 415 (the bodies are small JSON), a 5xx.
 */
const ALLOWED_STATUSES: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'created',
  202: 'accepted',
  204: 'done, nothing to answer',
  302: 'a browser navigation redirected (single sign-on)',
  401: 'only for the sign-in operations (/api/auth/…): a generated refresh token, challenge token, code or password is no live one',
  403: 'allowed by the schema but not to this caller or not now (sign-up closed; a role or an organization this caller may not give)',
  404: 'an id in the path or body names nothing: ids the suite has no live one for are random',
  409: 'conflicts with the current state: a name or e-mail already taken, a status change not possible from the current status',
  429: 'too many tries (sign-in attempts slowed down)',
};

/**
 * Operations whose JSON body the document cannot generate: a required open JSON document (`x-open-json`) or a value
 * it leaves open (`{}`), or a secret only the caller knows (`x-current-password`). Optional ones are left out of the
 * bodies. The first test keeps this list true.
 */
const NOT_GENERABLE: Readonly<Record<string, string>> = {
  'POST /api/auth/login/passkey': "the credential is the authenticator's answer (open JSON)",
  'POST /api/auth/passkeys/registration': "the credential is the authenticator's answer (open JSON)",
  'POST /api/admin/system-config': '`value` is any JSON value, its kind set by `value_type` (stated in `x-rules`)',
  'POST /api/auth/change-password': "the signed-in account's current password (`x-current-password`)",
  'POST /api/auth/two-factor/totp/setup': "the signed-in account's current password (`x-current-password`)",
  'POST /api/auth/two-factor/totp/disable': "the signed-in account's current password (`x-current-password`)",
  'POST /api/auth/two-factor/recovery-codes': "the signed-in account's current password (`x-current-password`)",
  'POST /api/auth/passkeys/registration/options': "the signed-in account's current password (`x-current-password`)",
  'POST /api/public/v1/applications/:id/forms/:step_id': "the answers are open JSON, by the fields of the case's form",
  'POST /api/apply/case/forms/:step_id': "the answers are open JSON, by the fields of the case's form",
};

/** Operations whose JSON body the suite does not generate though it could, and why. */
const SKIPPED_BODIES: Readonly<Record<string, string>> = {
  'POST /api/auth/logout': "ends the suite's own session (the bearer token's)",
  'POST /api/auth/register/confirm': 'the token must be one an e-mailed link carries; any other is refused as an invalid link (400)',
  'PUT /api/admin/organizations/:id/sso': "reads the issuer's OpenID Connect discovery document over the network",
  'POST /api/admin/workflows/:id/versions/:version/simulations': 'replays the live cases of a live version and names live tools; runs in the background',
  'POST /api/admin/steps/connections': 'connects two live steps of one workflow',
  'PUT /api/admin/steps/connections/:id': 'connects two live steps of one workflow',
  'PUT /api/admin/steps/:id': 'a live step',
  'POST /api/admin/tools/:id/test': 'calls the tool for real',
  'PUT /api/admin/applications/demo-traffic': 'starts generated traffic in the background',
  'POST /api/admin/webhooks': "subscribes a generated address to the organization's events: the cases the suite starts would be delivered to it",
  'POST /api/public/v1/applications': 'starts a case the engine runs in the background (covered once, by the staff form: POST /api/admin/applications)',
  'PUT /api/apply/case/draft': "the step must be the case's current form step, the answers that form's fields",
};

/** A value that cannot be generated from the document: the field is left out, or the operation skipped when it needs it. */
class NotGenerable extends Error {}

// eslint-disable-next-line no-control-regex -- NUL is one of the characters kept out
const NUL_OR_LONE_SURROGATE = /[\uD800-\uDFFF\u0000]/u;
const clean = (s: string) => !NUL_OR_LONE_SURROGATE.test(s);

type Ids = Readonly<Record<string, string>>;
/** Live ids the suite made, by the name of the field or parameter that takes one. */
const live: Record<string, string> = {};
/** Where an operation takes another live id than the field's usual one. */
const liveFor: Readonly<Record<string, () => Ids>> = {
  // A step added to an active workflow makes a graph that fails its activation checks: a draft of its own takes it.
  'POST /api/admin/steps': () => ({ workflow_id: live.steps_workflow_id! }),
};
const idsFor = (op: Operation): Ids => ({ ...live, ...liveFor[op.key]?.() });
/** Path parameters by route: the live thing each route acts on (any other route's ids are random: 404). */
const livePath: [RegExp, () => Record<string, string>][] = [
  [/^\w+ \/api\/admin\/users\/:id\b/, () => ({ id: live.target_user_id! })],
  [/^\w+ \/api\/admin\/organizations\/:id\b/, () => ({ id: live.other_organization_id! })],
  [/^\w+ \/api\/admin\/workflows\/:id\b/, () => ({ id: live.own_workflow_id! })],
  [/^\w+ \/api\/admin\/tools\/configurations\/:id\b/, () => ({ id: live.tool_configuration_id! })],
  [/^\w+ \/api\/admin\/tools\/:id\b/, () => ({ id: live.tool_id! })],
  [/^\w+ \/api\/admin\/workflow-templates\/:id\b/, () => ({ id: live.template_id! })],
  [/^\w+ \/api\/admin\/system-config\/:id\b/, () => ({ id: live.config_id! })],
  [/^\w+ \/api\/admin\/applications\/:id\/notes$/, () => ({ id: live.application_id! })],
];

/** Regular expressions fast-check can generate from: a lookahead it cannot is dropped, and the whole pattern filters. */
function matching(pattern: string, maxLength: number): fc.Arbitrary<string> {
  const re = new RegExp(pattern);
  try {
    return fc.stringMatching(re, { maxLength });
  } catch {
    const simpler = pattern.replace(/\(\?[=!][^()]*\)/g, '');
    try {
      return fc.stringMatching(new RegExp(simpler), { maxLength }).filter((s) => re.test(s));
    } catch {
      throw new NotGenerable(`pattern ${pattern}`);
    }
  }
}

const keyword = (schema: JsonSchema, name: string): unknown => (schema as Record<string, unknown>)[name];

function stringOf(schema: JsonSchema, name: string, ids: Ids): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 2000;
  if (keyword(schema, 'x-issued-by-server')) throw new NotGenerable(`${name}: only the server issues it`);
  if (keyword(schema, 'x-current-password')) throw new NotGenerable(`${name}: the signed-in account's password`);
  if (keyword(schema, 'x-time-zone')) return fc.constantFrom('UTC', ...Intl.supportedValuesOf('timeZone'));
  if (schema.format === 'uuid') {
    const known = ids[name];
    return known ? fc.constant(known) : fc.uuid({ version: 4 });
  }
  const fits = (s: string) => s.length >= min && s.length <= max && clean(s);
  if (schema.pattern) return matching(schema.pattern, max).filter(fits);
  // Short text mostly, and now and then text as long as the schema allows (the column must hold it).
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 24), unit: 'grapheme' }) },
      { weight: 1, arbitrary: fc.string({ minLength: max, maxLength: max, unit: 'grapheme-ascii' }) },
    )
    .filter(fits);
}

function alternativesOf(schema: JsonSchema): JsonSchema[] | undefined {
  if (schema.anyOf ?? schema.oneOf) return schema.anyOf ?? schema.oneOf;
  if (Array.isArray(schema.type)) return schema.type.map((type) => ({ ...schema, type }));
  return undefined;
}

/** Values the schema allows, generated; NotGenerable for what the document leaves open. */
function arbitraryOf(schema: JsonSchema, name: string, ids: Ids): fc.Arbitrary<unknown> {
  if (schema['x-open-json']) throw new NotGenerable(`${name}: open JSON`);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = alternativesOf(schema);
  if (alternatives) {
    const arbitraries = alternatives.flatMap((alternative) => {
      try {
        return [arbitraryOf(alternative, name, ids)];
      } catch {
        return [];
      }
    });
    if (arbitraries.length === 0) throw new NotGenerable(`${name}: no alternative can be generated`);
    return fc.oneof(...arbitraries);
  }
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, name, ids);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? Number.MIN_SAFE_INTEGER),
        max: schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e15,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e15,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
      });
    case 'string':
      return stringOf(schema, name, ids);
    case 'array': {
      const items = arbitraryOf(schema.items ?? {}, name, ids);
      const sizes = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)) };
      return (schema as { uniqueItems?: boolean }).uniqueItems
        ? fc.uniqueArray(items, { ...sizes, selector: (v) => JSON.stringify(v) })
        : fc.array(items, sizes);
    }
    case 'object':
      return objectOf(schema, name, ids);
    default:
      throw new NotGenerable(`${name}: any value (the schema leaves it open)`);
  }
}

function objectOf(schema: JsonSchema, name: string, ids: Ids): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0 && typeof schema.additionalProperties === 'object') {
    // A record: keys by propertyNames, values by additionalProperties, a few of them.
    const key = schema.propertyNames ? stringOf({ type: 'string', ...schema.propertyNames }, `${name}.key`, ids) : fc.string({ maxLength: 20 }).filter(clean);
    const value = arbitraryOf(schema.additionalProperties, `${name}.value`, ids);
    return fc.dictionary(key, value, { maxKeys: Math.min(schema.maxProperties ?? 3, 3) });
  }
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of properties) {
    try {
      model[key] = arbitraryOf(child, key, ids);
    } catch (error) {
      if (required.has(key) || !(error instanceof NotGenerable)) throw error;
    }
  }
  return fc.record(model, { requiredKeys: [...required] });
}

/**
 * The message a rule quotes at its end (`…: "Say why the application is rejected"`; a message may hold quotes itself),
 * in pieces where it leaves a placeholder (`<step>`, `<domain>`, `…`).
 */
function quotedIn(rules: unknown): string[][] {
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((rule) => {
    const quoted = /: "(.*)"$/s.exec(String(rule))?.[1];
    if (quoted === undefined) return [];
    return [
      quoted
        .split(/<[^>]+>|…/)
        .map((piece) => piece.trim())
        .filter(Boolean),
    ];
  });
}

/** Every `x-rules` anywhere in a schema (nested objects state their own). */
function rulesIn(schema: unknown, into: string[][] = []): string[][] {
  if (Array.isArray(schema)) for (const item of schema) rulesIn(item, into);
  else if (schema && typeof schema === 'object') {
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'x-rules') into.push(...quotedIn(child));
      else rulesIn(child, into);
    }
  }
  return into;
}

/**
 * Fields (dotted paths, without array indexes) whose schema states a rule in words: the password policy, a time zone,
 * a value only the server issues, the account's current password, an open document checked against a schema the
 * document names (its errors are on the field or inside it: `config.url`).
 */
const FIELD_RULE_KEYWORDS = ['x-password-policy', 'x-time-zone', 'x-issued-by-server', 'x-current-password', 'x-checked-against'];
function ruledFields(schema: unknown, path: string[] = [], into = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  const s = schema as Record<string, unknown>;
  if (FIELD_RULE_KEYWORDS.some((k) => k in s)) into.add(path.join('.'));
  for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {})) ruledFields(child, [...path, key], into);
  for (const alternative of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? []), ...((s.allOf as unknown[]) ?? [])])
    ruledFields(alternative, path, into);
  return into;
}

interface Stated {
  quoted: string[][];
  fields: Set<string>;
}

const quotes = (message: string, stated: Stated) => stated.quoted.some((pieces) => pieces.every((piece) => message.includes(piece)));
const ruled = (field: string, stated: Stated) => {
  const path = field.split('.').filter((part) => !/^\d+$/.test(part));
  return path.some((_, i) => stated.fields.has(path.slice(0, i + 1).join('.')));
};

/** Whether a refusal names only rules the document states (each field error, or the detail when it names no field). */
function explained(body: ErrorBody, stated: Stated): boolean {
  const errors = body.validation_errors ?? [];
  if (errors.length === 0) return quotes(body.detail, stated);
  return errors.every((e) => ruled(e.field, stated) || quotes(e.message, stated));
}

function expectConforming(res: LightMyRequestResponse, op: Operation, stated: Stated, label: string): void {
  const why = `${op.key}: the document allows ${label}\n  → ${res.statusCode} ${res.body.slice(0, 500)}`;
  if (res.statusCode === 400 || res.statusCode === 422) {
    let body: ErrorBody | undefined;
    try {
      body = res.json() as ErrorBody;
    } catch {
      body = undefined;
    }
    expect(body !== undefined && explained(body, stated), `${why}\n  (refused for a reason the document does not state)`).toBe(true);
    return;
  }
  const allowed = Object.keys(ALLOWED_STATUSES).map(Number);
  expect(allowed, why).toContain(res.statusCode);
  if (res.statusCode === 401) expect(op.path.startsWith('/api/auth/'), `${why}\n  (the suite's session was refused)`).toBe(true);
}

/** The operation in the served document, with its operation-level keywords (`x-query-rules`). */
let rawOperations: Map<string, Record<string, unknown>>;

const params = (op: Operation) => {
  const own = livePath.find(([re]) => re.test(op.key))?.[1]();
  return { ...validParams(op), ...(own ?? {}) };
};

type QueryPlan = { op: Operation; arbitrary: fc.Arbitrary<{ query: [string, unknown][]; headers: [string, unknown][] }> } | { op: Operation; skipped: string };

function queryPlan(op: Operation): QueryPlan {
  const raw = rawOperations.get(op.key)!;
  const headerParams = ((raw.parameters as { in: string; name: string; required?: boolean; schema: JsonSchema }[] | undefined) ?? []).filter(
    (p) => p.in === 'header',
  );
  const parts = (list: { name: string; required?: boolean; schema: JsonSchema }[], present: number) => {
    const out: fc.Arbitrary<[string, unknown] | undefined>[] = [];
    for (const p of list) {
      let arbitrary: fc.Arbitrary<unknown>;
      try {
        // A stream that follows never ends: it is asked for what is there, then the end.
        arbitrary = op.stream && p.name === 'follow' ? fc.constant('false') : arbitraryOf(p.schema, p.name, idsFor(op));
      } catch (error) {
        if (p.required || !(error instanceof NotGenerable)) throw error;
        continue;
      }
      const pair = arbitrary.map((v) => [p.name, v] as [string, unknown]);
      out.push(
        p.required
          ? pair
          : fc.oneof({ weight: present, arbitrary: pair }, { weight: 10 - present, arbitrary: fc.constant<[string, unknown] | undefined>(undefined) }),
      );
    }
    return fc.tuple(...out).map((pairs) => pairs.filter((p): p is [string, unknown] => p !== undefined));
  };
  try {
    // Each optional parameter half the time, or now and then only: the rules across parameters (x-query-rules) make
    // most requests with many of them refusals the document states; few of them reach what lies behind.
    const request = (present: number) => fc.record({ query: parts(op.query, present), headers: parts(headerParams, present) });
    return { op, arbitrary: fc.oneof(request(5), request(2)) };
  } catch (error) {
    if (error instanceof NotGenerable) return { op, skipped: error.message };
    throw error;
  }
}

type BodyPlan = { op: Operation; arbitrary: fc.Arbitrary<unknown> } | { op: Operation; skipped: string };

function bodyPlan(op: Operation): BodyPlan {
  const reason = SKIPPED_BODIES[op.key];
  if (reason) return { op, skipped: reason };
  try {
    return { op, arbitrary: arbitraryOf(op.body!, 'body', idsFor(op)) };
  } catch (error) {
    if (error instanceof NotGenerable) return { op, skipped: error.message };
    throw error;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const queryString = (pairs: [string, unknown][]) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(text(value))}`).join('&');

/** send() asks a stream that follows for what is there, then the end: an answer streamed once (the assistant's) takes no `follow`. */
const sendable = (op: Operation): Operation => (op.stream && !op.query.some((p) => p.name === 'follow') ? { ...op, stream: false } : op);

const QUERY_OPS = operations.filter((op) => op.query.length > 0);
const BODY_OPS = operations.filter((op) => op.body);

describe('the document is no looser than the server (generated requests it allows, property-based)', () => {
  let settings: unknown;

  beforeAll(async () => {
    await suite.signIn();
    const doc = dereference((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument);
    rawOperations = new Map(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, op as Record<string, unknown>] as const),
      ),
    );
    const { rows: orgs } = await ctx.db.query<{ id: string }>(`select id from organizations where name = 'Conformance Org'`);
    const org = orgs[0]!.id;
    const other = await ctx.createOrg('Conformance Other Org');
    const target = await ctx.createUser('operator', org);
    const { rows: admins } = await ctx.db.query<{ id: string }>(`select id from users where role = 'super_admin'`);
    const { rows: active } = await ctx.db.query<{ id: string }>(`select id from workflows where organization_id = $1 and status = 'active'`, [org]);
    const { rows: cases } = await ctx.db.query<{ id: string }>(`select id from applications where organization_id = $1`, [org]);
    const own = await createTestWorkflow(ctx.db, org, { status: 'draft' });
    const forSteps = await createTestWorkflow(ctx.db, org, { status: 'draft' });
    const tool = await createTestTool(ctx.db, org);
    const configuration = await createTestConfiguration(ctx.db, await createTestTool(ctx.db, org), ctx.app.secrets.secretKey);
    const template = await createTestTemplate(ctx.db, org);
    const config = await createTestConfig(ctx.db, org);
    Object.assign(live, {
      organization_id: org,
      other_organization_id: other.id,
      target_user_id: target.id,
      user_id: admins[0]!.id,
      // The active workflow the suite's case runs on: cases and templates are made from it; the draft is what
      // /workflows/:id changes (status, name, steps, start link), so the active one stays active.
      workflow_id: active[0]!.id,
      own_workflow_id: own.id,
      steps_workflow_id: forSteps.id,
      application_id: cases[0]!.id,
      tool_id: tool.id,
      tool_configuration_id: configuration,
      template_id: (template as { id: string }).id,
      config_id: config.id,
    });
    settings = (await send(operations.find((op) => op.key === 'GET /api/admin/system/settings')!)).json();
  });
  afterAll(() => ctx.close());

  it('generates requests for every operation with a query, and for every JSON body but the ones listed with why', () => {
    expect(QUERY_OPS.map(queryPlan).filter((p) => 'skipped' in p)).toEqual([]);
    const skipped = BODY_OPS.map(bodyPlan).filter((p) => 'skipped' in p);
    expect(skipped.map((p) => p.op.key).sort()).toEqual([...Object.keys(NOT_GENERABLE), ...Object.keys(SKIPPED_BODIES)].sort());
    // A required open value the list does not name shows with what the generator could not make.
    for (const p of skipped)
      if (!(p.op.key in SKIPPED_BODIES)) expect(NOT_GENERABLE[p.op.key], `${p.op.key}: ${'skipped' in p ? p.skipped : ''}`).toBeDefined();
  });

  it.each(QUERY_OPS.map((op) => [op.key, op] as const))('%s: a query the document allows is not refused', async (_key, op) => {
    const plan = queryPlan(op);
    if ('skipped' in plan) return;
    const raw = rawOperations.get(op.key)!;
    const stated: Stated = {
      quoted: [...quotedIn(raw['x-query-rules']), ...rulesIn(raw.parameters)],
      fields: new Set(op.query.filter((p) => ruledFields(p.schema).has('')).map((p) => p.name)),
    };
    const path = params(op);
    await fc.assert(
      fc.asyncProperty(plan.arbitrary, async ({ query, headers }) => {
        const url = urlOf(op, path, queryString(query));
        const res = await send(op, { url, headers: Object.fromEntries(headers.map(([name, value]) => [name, text(value)])) });
        expectConforming(res, op, stated, `${url}${headers.length ? ` with ${queryString(headers)}` : ''}`);
      }),
      { numRuns: QUERY_RUNS, seed: SEED },
    );
  });

  it.each(BODY_OPS.map((op) => [op.key, op] as const))('%s: a body the document allows is not refused', async (_key, op) => {
    const plan = bodyPlan(op);
    if ('skipped' in plan) return;
    const stated: Stated = { quoted: rulesIn(op.body), fields: ruledFields(op.body) };
    const url = urlOf(op, params(op));
    await fc.assert(
      fc.asyncProperty(plan.arbitrary, async (json) => {
        const res = await send(sendable(op), { url, json });
        // The product-wide settings go back as they were: a generated minimum password length, rate limit or
        // two-factor rule would otherwise change what the next operations answer.
        if (op.key === 'PUT /api/admin/system/settings') await send(op, { url, json: (settings as { settings: unknown }).settings });
        expectConforming(res, op, stated, `${url} ${JSON.stringify(json).slice(0, 400)}`);
      }),
      { numRuns: BODY_RUNS, seed: SEED },
    );
  });
});
