/**
 * Patterns run in linear time through the server (issue 31 item 3): an exponential pattern in a transform tool, a
 * tool's input schema or a workflow condition answers at once on the attack inputs while the server keeps answering
 * other requests, and a pattern the engine cannot run is refused where it is written, with the field. A backtracking
 * engine would take seconds on 29 characters and never finish on 5,000: the test timeout is what proves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { startTestCase, testLink, testStep } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let org: { id: string };
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg('Pattern Bank');
  manager = await ctx.createUser('manager', org.id);
});
afterAll(() => ctx?.close());

const EXPONENTIAL = '^(a+)+$';
const ATTACKS = [`${'a'.repeat(29)}!`, `${'a'.repeat(5_000)}!`];

async function createTool(body: Record<string, unknown>) {
  return ctx.as(manager, {
    method: 'POST',
    url: '/api/admin/tools',
    payload: { name: `patterns_${Math.random().toString(36).slice(2, 8)}`, description: 'Checks a code', tool_type: 'transform', ...body },
  });
}

const testRun = (id: string, input: Record<string, unknown>) => ctx.as(manager, { method: 'POST', url: `/api/admin/tools/${id}/test`, payload: { input } });

describe('a transform tool with an exponential pattern', () => {
  it('answers the attack inputs at once, and the server answers another request meanwhile', async () => {
    const created = await createTool({
      config: { mapping: { only_a: `matches(input.s, "${EXPONENTIAL}")` } },
      input_schema: { type: 'object', properties: { s: { type: 'string', maxLength: 10_000 } }, required: ['s'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const s of ATTACKS) {
      const [run, health] = await Promise.all([testRun(id, { s }), ctx.as(manager, { method: 'GET', url: '/api/auth/me' })]);
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json()).toMatchObject({ status: 'success', output: { only_a: false } });
      expect(health.statusCode).toBe(200);
    }
    expect((await testRun(id, { s: 'aaaa' })).json().output).toEqual({ only_a: true });
  });

  it('is refused when its pattern needs a back-reference or look-around, naming the field', async () => {
    const res = await createTool({ config: { mapping: { twice: 'matches(input.s, "(ab)\\\\1")', strong: 'matches(input.s, "^(?=.*\\\\d).{8,}$")' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([
      {
        field: 'config.mapping.twice',
        message: 'matches(): Back-references (\\1, \\k<name>) are not supported: patterns run on a linear-time engine (at character 18)',
      },
      { field: 'config.mapping.strong', message: expect.stringMatching(/^matches\(\): Look-ahead and look-behind .* are not supported/) },
    ]);
  });
});

describe('a tool input schema with an exponential pattern', () => {
  it('checks the attack inputs on the linear-time engine: a 422 naming the field, at once', async () => {
    const created = await createTool({
      config: { mapping: { code: 'input.s' } },
      input_schema: { type: 'object', properties: { s: { type: 'string', pattern: EXPONENTIAL } }, required: ['s'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const s of ATTACKS) {
      const [run, health] = await Promise.all([testRun(id, { s }), ctx.as(manager, { method: 'GET', url: '/api/auth/me' })]);
      expect(run.statusCode).toBe(422);
      expect(run.json().validation_errors).toEqual([{ field: 'input.s', message: `must match pattern "${EXPONENTIAL}"` }]);
      expect(health.statusCode).toBe(200);
    }
    expect((await testRun(id, { s: 'aaa' })).json()).toMatchObject({ status: 'success', output: { code: 'aaa' } });
  });

  it('is refused when a pattern needs a back-reference or look-around, naming the keyword', async () => {
    const res = await createTool({
      config: { mapping: { code: 'input.s' } },
      input_schema: { type: 'object', properties: { s: { type: 'string', pattern: '(a)\\1' } }, patternProperties: { '^(?!x)': { type: 'string' } } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([
      { field: 'input_schema.properties.s.pattern', message: 'Back-references (\\1, \\k<name>) are not supported: patterns run on a linear-time engine' },
      { field: 'input_schema.patternProperties.^(?!x)', message: expect.stringMatching(/^Look-ahead and look-behind/) },
    ]);
    const output = await createTool({
      config: { mapping: { code: 'input.s' } },
      output_schema: { type: 'object', properties: { code: { type: 'string', pattern: '(?<=a)b' } } },
    });
    expect(output.statusCode).toBe(422);
    expect(output.json().validation_errors[0].field).toBe('output_schema.properties.code.pattern');
  });
});

describe('a workflow condition with an exponential pattern', () => {
  const graph = (expression: string) => ({
    steps: [
      testStep('start', 'start', { trigger: 'api', required_fields: [] }),
      testStep('check', 'condition', { branches: [{ id: 'only_a', label: 'Only a', expression }], otherwise: true }, 280),
      testStep('yes', 'end', { outcome: 'approved' }, 560),
      testStep('no', 'end', { outcome: 'rejected' }, 560),
    ],
    connections: [testLink('start', 'check'), testLink('check', 'yes', 'only_a'), testLink('check', 'no', 'otherwise')],
  });

  it('routes real cases with the attack inputs at once', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: graph(`matches(data.s, "${EXPONENTIAL}")`) });
    for (const s of ATTACKS) {
      const id = await startTestCase(ctx, wf.id, org.id, { s });
      const row = (await ctx.db.query<{ status: string; outcome: string }>('select status, outcome from applications where id = $1', [id])).rows[0];
      expect(row).toEqual({ status: 'completed', outcome: 'rejected' });
    }
    const plain = await startTestCase(ctx, wf.id, org.id, { s: 'aaa' });
    expect((await ctx.db.query<{ outcome: string }>('select outcome from applications where id = $1', [plain])).rows[0]!.outcome).toBe('approved');
  });

  it('is refused where it is written and when the workflow is activated, naming the field', async () => {
    const message = 'matches(): Back-references (\\1, \\k<name>) are not supported: patterns run on a linear-time engine (at character 17)';
    const expression = 'matches(data.s, "(a)\\\\1")';
    const check = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/steps/validate-config',
      payload: { type: 'condition', config: { branches: [{ id: 'twice', label: 'Twice', expression }] } },
    });
    expect(check.json()).toEqual({ valid: false, config: null, errors: [{ field: 'config.branches.0.expression', message }] });

    const saved = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: 'Back-reference', graph: graph(expression) },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const activate = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${saved.json().id}`, payload: { status: 'active' } });
    expect(activate.statusCode).toBe(422);
    expect(activate.json().problems).toEqual([
      expect.objectContaining({ code: 'invalid_config', field: 'branches.0.expression', message: `check: branches.0.expression — ${message}` }),
    ]);
    expect((await ctx.db.query<{ status: string }>('select status from workflows where id = $1', [saved.json().id])).rows[0]!.status).toBe('draft');
  });
});
