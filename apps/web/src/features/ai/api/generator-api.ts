import type { AiTask } from '@admin-portal/contract/ai/generators';
import type { Tool } from '@admin-portal/contract/tools/api';
import type { WorkflowDetail } from '@admin-portal/contract/workflows/api';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export type GeneratorKind = 'workflow' | 'tool';

interface Started {
  success: boolean;
  task_id: string;
  status: AiTask['status'];
  message: string;
}

/** POST /admin/ai-generator/generate-workflow or generate-tool: the task's id at once. Tool generation has no timeout (spec §9). */
export async function startGeneration(kind: GeneratorKind, body: { description: string; name?: string }): Promise<Started> {
  return unwrap(await api.post<Started>(`/admin/ai-generator/generate-${kind}`, body, kind === 'tool' ? { timeoutMs: null } : {}));
}

/** GET /admin/ai-generator/task-status/{id}. */
export async function getTaskStatus(id: string, signal?: AbortSignal): Promise<AiTask> {
  return unwrap(await api.get<AiTask>(`/admin/ai-generator/task-status/${encodeURIComponent(id)}`, signal ? { signal } : {}));
}

/** POST /admin/ai-generator/cancel-task/{id}: the task, ended as cancelled. */
export async function cancelTask(id: string): Promise<AiTask> {
  return unwrap(await api.post<AiTask>(`/admin/ai-generator/cancel-task/${encodeURIComponent(id)}`, {}));
}

/** POST /admin/ai-generator/create-workflow-from-ai: the draft workflow. */
export async function createWorkflowFromAi(taskId: string, name?: string): Promise<WorkflowDetail> {
  return unwrap(await api.post<{ workflow: WorkflowDetail }>('/admin/ai-generator/create-workflow-from-ai', { task_id: taskId, ...(name ? { name } : {}) }))
    .workflow;
}

/** POST /admin/ai-generator/create-tool-from-ai: the draft tool. */
export async function createToolFromAi(taskId: string, name?: string): Promise<Tool> {
  return unwrap(await api.post<{ tool: Tool }>('/admin/ai-generator/create-tool-from-ai', { task_id: taskId, ...(name ? { name } : {}) })).tool;
}
