/**
 * The generators' calls: a task id at once, the task drafted by the runtime's worker (progress on the row), its
 * status for its owner only, the draft saved as a draft workflow or tool (never active or approved), audited, once.
 * A task queued while no worker ran is drafted by the next worker that starts (it is a job in the database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATOR_MESSAGES } from '@admin-portal/contract/ai/generators';
import { builtinGenerator, type DraftGenerator } from '../../ai/generators/draft-generator.ts';
import type { ClaimedJob } from '../../engine/jobs.ts';
import { fakePorts } from '../../engine/fake-ports.ts';
import { createRuntime } from '../../engine/runtime.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { insertTool } from '../../test/workflows.factory.ts';
import { AI_GENERATE_JOB, generatorJobHandler } from './ai-generator.service.ts';

let ctx: TestContext;
let manager: TestUser;
let viewer: TestUser;
let otherManager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await ctx.createOrg('Generate Co');
  const other = await ctx.createOrg('Elsewhere');
  manager = await ctx.createUser('manager', org.id);
  viewer = await ctx.createUser('viewer', org.id);
  otherManager = await ctx.createUser('manager', other.id);
  await insertTool(ctx.db, org.id, 'sanctions_screening');
});
afterAll(() => ctx?.close());

const post = (user: TestUser, url: string, payload: Record<string, unknown>) => ctx.as(user, { method: 'POST', url, payload });

async function finished(user: TestUser, taskId: string) {
  for (let i = 0; i < 100; i += 1) {
    const res = await ctx.as(user, { method: 'GET', url: `/api/admin/ai-generator/task-status/${taskId}` });
    expect(res.statusCode).toBe(200);
    const task = res.json();
    if (task.status === 'completed' || task.status === 'failed') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the task did not finish');
}

describe('POST /api/admin/ai-generator/generate-workflow → task-status → create-workflow-from-ai', () => {
  it('drafts a valid workflow in the background and saves it as a draft, audited, once', async () => {
    const started = await post(manager, '/api/admin/ai-generator/generate-workflow', {
      description:
        'KYC: collect name, email and a passport, screen against sanctions, then a compliance officer approves within 48 hours and we email the outcome.',
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ success: true, status: 'pending', message: GENERATOR_MESSAGES.queued });
    const task = await finished(manager, started.json().task_id);
    expect(task.error).toBeNull();
    expect(task).toMatchObject({
      kind: 'workflow',
      status: 'completed',
      progress: 100,
      stage: GENERATOR_MESSAGES.done,
      provider: 'built-in',
      error: null,
      created_id: null,
    });
    expect(task.result.valid).toBe(true);
    const types = task.result.workflow.graph.steps.map((s: { type: string }) => s.type);
    expect(types).toEqual(expect.arrayContaining(['start', 'form', 'tool', 'approval', 'notification', 'end']));
    expect(task.result.workflow.graph.steps.find((s: { type: string }) => s.type === 'tool').config.tool_name).toBe('sanctions_screening');

    // Another user cannot read it or use it.
    expect((await ctx.as(otherManager, { method: 'GET', url: `/api/admin/ai-generator/task-status/${task.id}` })).statusCode).toBe(404);
    expect((await post(otherManager, '/api/admin/ai-generator/create-workflow-from-ai', { task_id: task.id })).statusCode).toBe(404);

    const created = await post(manager, '/api/admin/ai-generator/create-workflow-from-ai', { task_id: task.id, name: 'KYC from AI' });
    expect(created.statusCode, created.body).toBe(201);
    const workflow = created.json().workflow;
    expect(workflow).toMatchObject({ name: 'KYC from AI', status: 'draft', version: 1 });
    expect(workflow.steps).toHaveLength(task.result.workflow.graph.steps.length);
    // The saved draft can be activated as it is: it passes the same checks.
    const validation = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${workflow.id}/validate` });
    expect(validation.json()).toEqual({ valid: true, problems: [] });
    const audit = await ctx.db.query(`select action, target_id, changes->>'task_id' as task from audit_logs where action = 'workflow.create_from_ai'`);
    expect(audit.rows).toEqual([{ action: 'workflow.create_from_ai', target_id: workflow.id, task: task.id }]);
    const again = await post(manager, '/api/admin/ai-generator/create-workflow-from-ai', { task_id: task.id });
    expect(again.statusCode).toBe(409);
    const after = await ctx.as(manager, { method: 'GET', url: `/api/admin/ai-generator/task-status/${task.id}` });
    expect(after.json().created_id).toBe(workflow.id);
  });

  it('refuses a short description with a field error, and those who may not manage workflows', async () => {
    const short = await post(manager, '/api/admin/ai-generator/generate-workflow', { description: 'KYC' });
    expect(short.statusCode).toBe(422);
    expect(short.json().validation_errors).toEqual([{ field: 'description', message: GENERATOR_MESSAGES.descriptionTooShort }]);
    const denied = await post(viewer, '/api/admin/ai-generator/generate-workflow', { description: 'A workflow for new customers' });
    expect(denied.statusCode).toBe(403);
  });
});

describe('POST /api/admin/ai-generator/generate-tool → create-tool-from-ai', () => {
  it('drafts a tool definition and saves it as a draft tool, never approved', async () => {
    const started = await post(manager, '/api/admin/ai-generator/generate-tool', {
      description: 'Look up a customer in our CRM: GET https://crm.example.com/api/customers/{customer_id}',
    });
    expect(started.statusCode).toBe(202);
    const task = await finished(manager, started.json().task_id);
    expect(task).toMatchObject({ kind: 'tool', status: 'completed' });
    expect(task.result.tool).toMatchObject({
      tool_type: 'http_request',
      config: { method: 'GET', url: 'https://crm.example.com/api/customers/{{input.customer_id}}' },
    });
    const wrongKind = await post(manager, '/api/admin/ai-generator/create-workflow-from-ai', { task_id: task.id });
    expect(wrongKind.statusCode).toBe(422);
    const created = await post(manager, '/api/admin/ai-generator/create-tool-from-ai', { task_id: task.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().tool).toMatchObject({ name: task.result.tool.name, status: 'draft', tool_type: 'http_request' });
    const audit = await ctx.db.query(`select action from audit_logs where target_id = $1`, [created.json().tool.id]);
    expect(audit.rows).toEqual([{ action: 'tool.create_from_ai' }]);
  });
});

describe('generator tasks on the runtime’s jobs', () => {
  it('are drafted by the next worker when none was running when they were queued', async () => {
    const quiet = await createTestContext({ runtimeWorker: false });
    try {
      const org = await quiet.createOrg('Quiet');
      const author = await quiet.createUser('manager', org.id);
      const res = await quiet.as(author, {
        method: 'POST',
        url: '/api/admin/ai-generator/generate-tool',
        payload: { description: 'Combine first name and last name into a full name' },
      });
      const id = res.json().task_id;
      const pending = await quiet.db.query('select status from ai_tasks where id = $1', [id]);
      expect(pending.rows).toEqual([{ status: 'pending' }]);
      // A process starts with a worker: it finds the job in the database and drafts the task.
      const runtime = createRuntime({
        db: quiet.db,
        ports: fakePorts(),
        secretKey: 'k'.repeat(32),
        retryBaseMs: quiet.config.retryBaseMs,
        worker: { enabled: true },
      });
      runtime.handle(AI_GENERATE_JOB, generatorJobHandler(quiet.db, builtinGenerator));
      await runtime.start();
      try {
        for (let i = 0; i < 100; i += 1) {
          const row = await quiet.db.query<{ status: string }>('select status from ai_tasks where id = $1', [id]);
          if (row.rows[0]!.status === 'completed') break;
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await runtime.stop();
      }
      const done = await quiet.db.query(`select status, progress, result->'tool'->>'tool_type' as type from ai_tasks where id = $1`, [id]);
      expect(done.rows).toEqual([{ status: 'completed', progress: 100, type: 'transform' }]);
      const jobs = await quiet.db.query(`select count(*)::int as n from jobs where kind = $1`, [AI_GENERATE_JOB]);
      expect(jobs.rows).toEqual([{ n: 0 }]);
    } finally {
      await quiet.close();
    }
  });
});

describe('POST /api/admin/ai-generator/cancel-task/{id}', () => {
  it('stops a task while it drafts: it ends cancelled, the draft that arrives later is not kept, and none can be created from it', async () => {
    const quiet = await createTestContext({ runtimeWorker: false });
    try {
      const org = await quiet.createOrg('Slow drafts');
      const author = await quiet.createUser('manager', org.id);
      const stranger = await quiet.createUser('manager', org.id);
      const res = await quiet.as(author, {
        method: 'POST',
        url: '/api/admin/ai-generator/generate-tool',
        payload: { description: 'Combine first name and last name into a full name' },
      });
      const id = res.json().task_id as string;
      // A provider that hangs until let go, as a slow model does.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow: DraftGenerator = { ...builtinGenerator, tool: async (description, options) => (await held, builtinGenerator.tool(description, options)) };
      const running = generatorJobHandler(quiet.db, slow).run({
        id: 'job',
        kind: AI_GENERATE_JOB,
        application_id: '',
        organization_id: org.id,
        attempts: 1,
        payload: { task_id: id },
      } as ClaimedJob);
      for (let i = 0; i < 100; i += 1) {
        if ((await quiet.db.query<{ status: string }>('select status from ai_tasks where id = $1', [id])).rows[0]!.status === 'running') break;
        await new Promise((r) => setTimeout(r, 20));
      }

      expect((await quiet.as(stranger, { method: 'POST', url: `/api/admin/ai-generator/cancel-task/${id}` })).statusCode).toBe(404);
      const cancelled = await quiet.as(author, { method: 'POST', url: `/api/admin/ai-generator/cancel-task/${id}` });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ id, status: 'cancelled', result: null });

      release();
      await running;
      const after = await quiet.as(author, { method: 'GET', url: `/api/admin/ai-generator/task-status/${id}` });
      expect(after.json()).toMatchObject({ status: 'cancelled', result: null });
      const create = await quiet.as(author, { method: 'POST', url: '/api/admin/ai-generator/create-tool-from-ai', payload: { task_id: id } });
      expect(create.statusCode).toBe(409);
      expect(create.json().detail).toBe(GENERATOR_MESSAGES.taskCancelled);
      const again = await quiet.as(author, { method: 'POST', url: `/api/admin/ai-generator/cancel-task/${id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(GENERATOR_MESSAGES.taskEnded);
      expect((await quiet.app.inject({ method: 'POST', url: `/api/admin/ai-generator/cancel-task/${id}` })).statusCode).toBe(401);
    } finally {
      await quiet.close();
    }
  });
});
