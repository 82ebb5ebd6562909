/**
 * Spec §7 generators: `generate-workflow` / `generate-tool` queue a task (ai_tasks) on the runtime's jobs and answer
 * its id at once; any process's worker drafts it (progress and stage kept on the row, so it survives a restart);
 * `task-status` reports it; `create-workflow-from-ai` / `create-tool-from-ai` save the draft — a draft workflow or a
 * draft tool, never active or approved — audited.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  GENERATOR_MESSAGES,
  type AiTask,
  type createFromAiRequestSchema,
  type generateToolRequestSchema,
  type generateWorkflowRequestSchema,
} from '@admin-portal/contract/ai/generators';
import { DEFAULT_WORKFLOW_CATEGORY } from '@admin-portal/contract/workflows/api';
import type { Db, Queryable } from '../../db/client.ts';
import { type ClaimedJob, enqueueJob, type JobHandler, type Runtime } from '../../engine/commands.ts';
import { toolProblems, workflowProblems, type DraftGenerator } from '../../ai/generators/draft-generator.ts';
import type { GeneratedTool } from '../../ai/generators/tool-generator.ts';
import type { GeneratedWorkflow } from '../../ai/generators/workflow-generator.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { actingOrganization, canSee } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createTool, getTool } from '../tools/tools.service.ts';
import { assignIds, keepExisting } from '../workflows/graph-ids.ts';
import { createWorkflowWithGraph } from '../workflows/save-graph.ts';
import { EMPTY_GRAPH } from '../workflows/workflow-graph.queries.ts';
import { presentWorkflowDetail } from '../workflows/workflows.presenter.ts';
import {
  cancelOpenTask,
  claimTaskCreatedId,
  findApprovedTools,
  findTask,
  findToolNames,
  insertTask,
  setTaskCompleted,
  setTaskCreatedId,
  setTaskFailed,
  setTaskProgress,
  type TaskKind,
  type TaskRow,
} from './ai-tasks.queries.ts';

export const AI_GENERATE_JOB = 'ai_generate';

const present = (t: TaskRow): AiTask => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  progress: t.progress,
  stage: t.stage,
  provider: t.provider,
  result: t.result,
  error: t.error,
  created_id: t.created_id,
  created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
});

async function startTask(
  db: Db,
  runtime: Runtime,
  generator: DraftGenerator,
  auth: AuthContext,
  kind: TaskKind,
  input: { description: string; name?: string | undefined },
) {
  const organizationId = actingOrganization(auth);
  const id = await db.transaction(async (tx) => {
    const taskId = await insertTask(tx, {
      organization_id: organizationId,
      user_id: auth.userId,
      kind,
      input,
      stage: GENERATOR_MESSAGES.reading,
      provider: generator.name,
    });
    await enqueueJob(tx, db, { organizationId, kind: AI_GENERATE_JOB, payload: { task_id: taskId } });
    return taskId;
  });
  runtime.wake();
  return { success: true, task_id: id, status: 'pending' as const, message: GENERATOR_MESSAGES.queued };
}

export const generateWorkflowTask = (
  db: Db,
  runtime: Runtime,
  generator: DraftGenerator,
  auth: AuthContext,
  body: z.infer<typeof generateWorkflowRequestSchema>,
) => startTask(db, runtime, generator, auth, 'workflow', { description: body.description, ...(body.name ? { name: body.name } : {}) });

export const generateToolTask = (db: Db, runtime: Runtime, generator: DraftGenerator, auth: AuthContext, body: z.infer<typeof generateToolRequestSchema>) =>
  startTask(db, runtime, generator, auth, 'tool', { description: body.description, ...(body.name ? { name: body.name } : {}) });

/** The job handler: drafts the task's workflow or tool, reporting progress on the task's row. */
export function generatorJobHandler(db: Db, generator: DraftGenerator): JobHandler {
  const progress = (id: string, percent: number, stage: string) => setTaskProgress(db, id, percent, stage);
  const fail = (id: string, error: string) => setTaskFailed(db, id, error.slice(0, 2000));
  return {
    async run(job: ClaimedJob) {
      const id = String(job.payload.task_id);
      const task = await findTask(db, id);
      if (!task || task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled') return;
      await progress(id, 10, GENERATOR_MESSAGES.reading);
      let result: AiTask['result'];
      try {
        if (task.kind === 'workflow') {
          const tools = await findApprovedTools(db, task.organization_id);
          await progress(id, 30, GENERATOR_MESSAGES.drafting);
          const draft: GeneratedWorkflow = await generator.workflow(task.input.description, {
            ...(task.input.name ? { name: task.input.name } : {}),
            approvedTools: tools,
          });
          await progress(id, 80, GENERATOR_MESSAGES.checking);
          const problems = workflowProblems(draft.graph, tools);
          if (problems.length) return void (await fail(id, `The draft does not pass the checks: ${problems.join('; ')}`));
          result = {
            workflow: { name: draft.name, description: draft.description, category: draft.category, graph: draft.graph as never },
            assumptions: draft.assumptions,
            valid: true,
          };
        } else {
          const taken = new Set(await findToolNames(db, task.organization_id));
          await progress(id, 30, GENERATOR_MESSAGES.drafting);
          const draft: GeneratedTool = await generator.tool(task.input.description, {
            ...(task.input.name ? { name: task.input.name } : {}),
            takenNames: taken,
          });
          await progress(id, 80, GENERATOR_MESSAGES.checking);
          const problems = toolProblems(draft, taken);
          if (problems.length) return void (await fail(id, `The draft does not pass the checks: ${problems.join('; ')}`));
          const { assumptions, ...tool } = draft;
          result = { tool, assumptions, valid: true };
        }
      } catch (error) {
        await fail(id, (error as Error).message);
        return;
      }
      await setTaskCompleted(db, id, GENERATOR_MESSAGES.done, result);
    },
    async giveUp(job, reason) {
      await fail(String(job.payload.task_id), `The task could not run: ${reason}`);
    },
  };
}

/** A task of the caller's (a super admin may read any); another's is "not found". */
async function ownTask(db: Queryable, auth: AuthContext, id: string, lock = false): Promise<TaskRow> {
  const task = await findTask(db, id, lock);
  if (!task || (task.user_id !== auth.userId && !auth.isSuperAdmin) || !canSee(auth, task.organization_id))
    throw new HttpError(404, GENERATOR_MESSAGES.taskNotFound);
  return task;
}

export async function taskStatus(db: Db, auth: AuthContext, id: string): Promise<AiTask> {
  return present(await ownTask(db, auth, id));
}

/**
 * Stops a pending or running task of the caller's: it ends as `cancelled`, and the job's later progress, result or
 * failure are not written (each update only touches a pending or running task); a task that has ended is a 409.
 */
export async function cancelTask(db: Db, auth: AuthContext, id: string): Promise<AiTask> {
  await ownTask(db, auth, id);
  const task = await cancelOpenTask(db, id);
  if (!task) throw conflict(GENERATOR_MESSAGES.taskEnded, [{ field: 'id', message: GENERATOR_MESSAGES.taskEnded }]);
  return present(task);
}

function readyTask(task: TaskRow, kind: TaskKind): void {
  if (task.kind !== kind) throw new HttpError(422, GENERATOR_MESSAGES.wrongKind, [{ field: 'task_id', message: GENERATOR_MESSAGES.wrongKind }]);
  if (task.status === 'failed') throw conflict(GENERATOR_MESSAGES.taskFailed, [{ field: 'task_id', message: GENERATOR_MESSAGES.taskFailed }]);
  if (task.status === 'cancelled') throw conflict(GENERATOR_MESSAGES.taskCancelled, [{ field: 'task_id', message: GENERATOR_MESSAGES.taskCancelled }]);
  if (task.status !== 'completed' || !task.result)
    throw conflict(GENERATOR_MESSAGES.taskNotReady, [{ field: 'task_id', message: GENERATOR_MESSAGES.taskNotReady }]);
}

const alreadyCreated = (id: string) =>
  conflict(`A draft was already created from this task (${id})`, [{ field: 'task_id', message: 'A draft was already created from this task' }]);

export async function createWorkflowFromAi(db: Db, request: FastifyRequest, auth: AuthContext, body: z.infer<typeof createFromAiRequestSchema>) {
  return db.transaction(async (tx) => {
    const task = await ownTask(tx, auth, body.task_id, true);
    readyTask(task, 'workflow');
    if (task.created_id) throw alreadyCreated(task.created_id);
    const draft = task.result!.workflow!;
    const { graph } = assignIds(draft.graph as never, keepExisting(EMPTY_GRAPH));
    const created = await createWorkflowWithGraph(tx, {
      organizationId: task.organization_id,
      name: body.name ?? draft.name,
      description: draft.description,
      category: draft.category || DEFAULT_WORKFLOW_CATEGORY,
      status: 'draft',
      graph,
      note: `Generated (${task.provider}) from: ${task.input.description.slice(0, 200)}`,
      actorId: auth.userId,
    });
    await recordAudit(tx, request, {
      action: 'workflow.create_from_ai',
      targetType: 'workflow',
      targetId: created.workflow.id,
      organizationId: task.organization_id,
      changes: {
        task_id: task.id,
        provider: task.provider,
        name: created.workflow.name,
        steps: created.graph.steps.length,
        connections: created.graph.connections.length,
      },
    });
    await setTaskCreatedId(tx, task.id, created.workflow.id);
    return { success: true, message: GENERATOR_MESSAGES.workflowCreated, workflow: presentWorkflowDetail(created.workflow, created.graph, 0) };
  });
}

export async function createToolFromAi(db: Db, request: FastifyRequest, auth: AuthContext, body: z.infer<typeof createFromAiRequestSchema>) {
  const task = await ownTask(db, auth, body.task_id);
  readyTask(task, 'tool');
  if (task.created_id) throw alreadyCreated(task.created_id);
  if (task.organization_id !== actingOrganization(auth)) throw new HttpError(404, GENERATOR_MESSAGES.taskNotFound);
  const draft = task.result!.tool!;
  const tool = await createTool(
    db,
    request,
    auth,
    {
      name: body.name ?? draft.name,
      description: draft.description,
      tool_type: draft.tool_type as never,
      config: draft.config,
      input_schema: draft.input_schema,
    },
    { action: 'tool.create_from_ai', changes: { task_id: task.id, provider: task.provider } },
  );
  if (!(await claimTaskCreatedId(db, task.id, tool.id))) throw alreadyCreated(task.id);
  return { success: true, message: GENERATOR_MESSAGES.toolCreated, tool: await getTool(db, auth, tool.id) };
}
