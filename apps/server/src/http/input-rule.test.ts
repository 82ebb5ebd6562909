/**
 * The input rule on the cases that were found by hand (issue 12), with their exact answers: the generated
 * suites cover every operation, these say what a caller sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS, INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { createTestContext, TEST_PASSWORD } from '../test/harness.ts';
import { dereference } from '../test/openapi-operations.ts';

const ctx = await createTestContext();
const org = await ctx.createOrg('Input Rule Org');
const admin = await ctx.createUser('super_admin', org.id);
const member = await ctx.createUser('viewer', org.id);

const LONE = '\ud800';
const malformed = (field: string) => ({
  detail: `${INPUT_MESSAGES.malformedRequest}: ${field}: ${INPUT_MESSAGES.notWellFormed}`,
  validation_errors: [{ field, message: INPUT_MESSAGES.notWellFormed }],
});
const unknown = (...fields: string[]) => fields.map((field) => ({ field, message: INPUT_MESSAGES.unknownField }));
const count = async (table: string) => (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('the input rule', () => {
  // Sign-ins write (audit rows): done before any test counts rows.
  beforeAll(async () => {
    await ctx.headers(admin);
    await ctx.headers(member);
  });
  afterAll(() => ctx.close());

  it.each([
    ['POST', '/api/admin/workflows/', { name: LONE }, 'name'],
    ['PUT', '/api/auth/profile', { first_name: LONE, last_name: 'Doe', email: 'a@example.com' }, 'first_name'],
    ['PUT', `/api/admin/organizations/${org.id}/settings`, { timezone: LONE }, 'timezone'],
    ['POST', '/api/admin/api-keys', { name: `key ${LONE}` }, 'name'],
    ['POST', '/api/admin/workflows/', { name: 'ok', description: `tail \udc00` }, 'description'],
  ] as const)('refuses a lone surrogate: %s %s → 400 naming %s, nothing stored', async (method, url, payload, field) => {
    const audit = await count('audit_logs');
    const res = await ctx.as(admin, { method, url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(malformed(field));
    expect(await count('audit_logs')).toBe(audit);
  });

  it('keeps a well-formed surrogate pair (an emoji) as it is', async () => {
    const res = await ctx.as(admin, { method: 'POST', url: '/api/admin/workflows/', payload: { name: 'Onboarding 🚀' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Onboarding 🚀');
  });

  it('refuses unknown fields instead of applying the rest: POST /admin/users with zzz → 400, no user', async () => {
    const users = await count('users');
    const res = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/users/',
      payload: { email: 'new.person@example.com', password: 'Another-Pass-1', first_name: 'New', last_name: 'Person', role: 'viewer', zzz: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: `${INPUT_MESSAGES.malformedRequest}: zzz: ${INPUT_MESSAGES.unknownField}`, validation_errors: unknown('zzz') });
    expect(await count('users')).toBe(users);
  });

  it('says a password cannot be changed through PUT /admin/users/{id}, and changes nothing', async () => {
    const res = await ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${member.id}`, payload: { first_name: 'Renamed', password: 'Changed-Pass-9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation_errors).toEqual(unknown('password'));
    const me = await ctx.as(admin, { method: 'GET', url: `/api/admin/users/${member.id}` });
    expect(me.json().first_name).not.toBe('Renamed');
    expect((await ctx.login(member.email, TEST_PASSWORD)).access_token).toEqual(expect.any(String));
  });

  it('names nested unknown fields by their path', async () => {
    const res = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: 'Nested', graph: { steps: [{ id: 's', type: 'start', name: 'Start', colour: 'red' }], connections: [], extra: true } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation_errors).toEqual(expect.arrayContaining(unknown('graph.steps.0.colour', 'graph.extra')));
  });

  it('refuses undeclared query parameters: ?cursor=junk on a list without a cursor → 400', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: '/api/admin/users/?cursor=junk&limit=5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: `${INPUT_MESSAGES.malformedRequest}: cursor: ${INPUT_MESSAGES.unknownQueryParameter}`,
      validation_errors: [{ field: 'cursor', message: INPUT_MESSAGES.unknownQueryParameter }],
    });
    const single = await ctx.as(admin, { method: 'GET', url: `/api/admin/users/${member.id}?expand=all` });
    expect(single.statusCode).toBe(400);
  });

  it('refuses a 10,000-deep array inside an unknown field with 400, without parsing it further', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/workflows/',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Deep","zzz":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().validation_errors[0];
    expect(error.message).toBe(INPUT_MESSAGES.tooDeep(INPUT_LIMITS.jsonDepth));
    expect(error.field.split('.')).toHaveLength(INPUT_LIMITS.jsonDepth);
  });

  it('refuses a JSON null body: POST /auth/logout with null → 422; with no body at all it still signs out', async () => {
    const nullBody = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: 'null' });
    expect(nullBody.statusCode).toBe(422);
    expect(nullBody.json().validation_errors).toEqual([{ field: 'body', message: 'Expected object, received null' }]);
    const none = await ctx.as(member, { method: 'POST', url: '/api/auth/logout' });
    expect(none.statusCode).toBe(200);
  });

  it('refuses a body on an operation that takes none', async () => {
    const workflow = (await ctx.as(admin, { method: 'POST', url: '/api/admin/workflows/', payload: { name: 'To delete' } })).json();
    const res = await ctx.as(admin, { method: 'DELETE', url: `/api/admin/workflows/${workflow.id}`, payload: { force: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().validation_errors).toEqual(unknown('force'));
    expect((await ctx.as(admin, { method: 'GET', url: `/api/admin/workflows/${workflow.id}` })).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/admin/workflows/${workflow.id}`, payload: {} })).statusCode).toBe(200);
  });

  it('limits open JSON documents: a step config nested past its limit is refused (422) at its field', async () => {
    let config: unknown = 1;
    for (let i = 0; i <= INPUT_LIMITS.openJsonDepth; i += 1) config = { a: config };
    const res = await ctx.as(admin, { method: 'POST', url: '/api/admin/steps/validate-config', payload: { type: 'delay', config } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'config', message: INPUT_MESSAGES.tooDeep(INPUT_LIMITS.openJsonDepth) }]);
  });

  it('says so in the OpenAPI document: bodies are closed, open JSON is marked with its limits', async () => {
    const doc = dereference((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    const createUser = doc.paths['/api/admin/users'].post.requestBody.content['application/json'].schema;
    expect(createUser.additionalProperties).toBe(false);
    const step = doc.paths['/api/admin/steps'].post.requestBody.content['application/json'].schema;
    expect(step.additionalProperties).toBe(false);
    expect(step.properties.config).toMatchObject({
      'x-open-json': true,
      'x-max-depth': INPUT_LIMITS.openJsonDepth,
      'x-max-bytes': INPUT_LIMITS.openJsonBytes,
      maxProperties: INPUT_LIMITS.openJsonProperties,
    });
  });
});
