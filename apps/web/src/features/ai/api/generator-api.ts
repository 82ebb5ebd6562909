import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export type GeneratorKind = 'workflow' | 'tool';

/** POST /admin/ai-generator/generate-workflow or generate-tool: the task's id at once. Tool generation has no timeout (spec §9). */
export async function startGeneration(kind: GeneratorKind, body: { description: string; name?: string }) {
  return unwrap(
    kind === 'tool'
      ? await call('POST /api/admin/ai-generator/generate-tool', { body, timeoutMs: null })
      : await call('POST /api/admin/ai-generator/generate-workflow', { body }),
  );
}

/** GET /admin/ai-generator/task-status/{id}. */
export async function getTaskStatus(id: string, signal?: AbortSignal) {
  return unwrap(await call('GET /api/admin/ai-generator/task-status/:id', { params: { id }, ...(signal ? { signal } : {}) }));
}

/** POST /admin/ai-generator/cancel-task/{id}: the task, ended as cancelled. */
export async function cancelTask(id: string) {
  return unwrap(await call('POST /api/admin/ai-generator/cancel-task/:id', { params: { id } }));
}

/** POST /admin/ai-generator/create-workflow-from-ai: the draft workflow. */
export async function createWorkflowFromAi(taskId: string, name?: string) {
  return unwrap(await call('POST /api/admin/ai-generator/create-workflow-from-ai', { body: { task_id: taskId, ...(name ? { name } : {}) } })).workflow;
}

/** POST /admin/ai-generator/create-tool-from-ai: the draft tool. */
export async function createToolFromAi(taskId: string, name?: string) {
  return unwrap(await call('POST /api/admin/ai-generator/create-tool-from-ai', { body: { task_id: taskId, ...(name ? { name } : {}) } })).tool;
}
