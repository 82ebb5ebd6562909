import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { executeTool, ToolInputError } from './execute-tool.ts';
import { makeTool, readExecution, runContext } from './test-support.ts';

let ctx: TestContext;
let orgId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await ctx.createOrg()).id;
});
afterAll(() => ctx?.close());

describe('transform', () => {
  it('maps the input with expressions and records the run', async () => {
    const tool = await makeTool(
      ctx.db,
      orgId,
      'transform',
      {
        mapping: {
          full_name: 'input.first_name + " " + input.last_name',
          adult: 'input.age >= 18',
          email: 'lower(input.email)',
          env: 'environment',
          missing: 'input.nothing.here',
        },
      },
      {
        input: {
          type: 'object',
          properties: { first_name: { type: 'string' }, last_name: { type: 'string' }, age: { type: 'integer' } },
          required: ['first_name', 'last_name'],
        },
      },
    );
    const run = await executeTool(
      tool,
      { first_name: 'Ada', last_name: 'Lovelace', age: 36, email: 'ADA@Example.com' },
      runContext(ctx.db, { environment: 'production' }),
    );
    expect(run).toMatchObject({
      status: 'success',
      error: null,
      attempts: 1,
      request: null,
      response: null,
      output: { full_name: 'Ada Lovelace', adult: true, email: 'ada@example.com', env: 'production', missing: null },
    });
    expect(await readExecution(ctx.db, run.execution_id)).toMatchObject({
      status: 'success',
      environment: 'production',
      output: run.output,
      request: null,
      response: null,
    });
  });

  it('fails on an expression that does not parse', async () => {
    const tool = await makeTool(ctx.db, orgId, 'transform', { mapping: { total: 'input.a +' } });
    const run = await executeTool(tool, { a: 1 }, runContext(ctx.db));
    expect(run.status).toBe('error');
    expect(run.error).toMatch(/^The tool's configuration is not valid: mapping\.total: /);
    expect((await readExecution(ctx.db, run.execution_id)).status).toBe('error');
  });

  it('checks the input first', async () => {
    const tool = await makeTool(
      ctx.db,
      orgId,
      'transform',
      { mapping: { x: 'input.x' } },
      { input: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false } },
    );
    await expect(executeTool(tool, { x: 1, y: 2 }, runContext(ctx.db))).rejects.toMatchObject({
      errors: [
        { field: 'input.y', message: 'is not allowed' },
        { field: 'input.x', message: 'must be string' },
      ],
    });
    await expect(executeTool(tool, { x: 1 }, runContext(ctx.db))).rejects.toBeInstanceOf(ToolInputError);
  });
});
