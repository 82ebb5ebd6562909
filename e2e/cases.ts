/**
 * Cases for browser tests, made through the real API: a workflow with an operator's review, an intake API key, an
 * application sent through the public intake API, and a review decided by a member of staff.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueSuffix } from './admin-api.ts';

/** Start → a review by `role` → approved or rejected. */
export const approvalGraph = (role = 'operator', name = 'Operator review') => ({
  steps: [
    { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
    { id: 'review', type: 'approval', name, config: { assignee_role: role, sla_hours: 24, instructions: 'Check the applicant' }, position: { x: 280, y: 0 } },
    { id: 'ok', type: 'end', name: 'Approved', config: { outcome: 'approved' }, position: { x: 560, y: -80 } },
    { id: 'no', type: 'end', name: 'Rejected', config: { outcome: 'rejected' }, position: { x: 560, y: 80 } },
  ],
  connections: [
    { source: 'start', target: 'review', condition: null },
    { source: 'review', target: 'ok', condition: 'approved' },
    { source: 'review', target: 'no', condition: 'rejected' },
  ],
});

/** An active workflow of the organization, saved with its whole graph. */
export async function activeWorkflow(
  request: APIRequestContext,
  headers: Record<string, string>,
  organizationId: string,
  name: string,
  graph: { steps: object[]; connections: object[] } = approvalGraph(),
): Promise<string> {
  const res = await request.post('/api/admin/workflows/complete', {
    headers: { ...headers, 'x-organization-id': organizationId },
    data: { name, status: 'active', graph },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** An API key of the organization with the intake scope (the key itself, shown once). */
export async function intakeKey(request: APIRequestContext, headers: Record<string, string>, organizationId: string): Promise<string> {
  const res = await request.post('/api/admin/api-keys', {
    headers,
    data: { name: `Intake e2e ${uniqueSuffix()}`, scopes: ['intake'], organization_id: organizationId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

/** An application through the public intake API; answers its id. */
export async function submit(request: APIRequestContext, key: string, workflowId: string, name: string): Promise<string> {
  const res = await request.post('/api/public/v1/applications', {
    headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-${uniqueSuffix()}` },
    data: { workflow_id: workflowId, applicant: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com` }, data: {} },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Waits for the case's open review, as the member of staff whose headers these are sees it. Answers its id. */
export async function openReviewOf(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<string> {
  let taskId = '';
  await expect
    .poll(async () => {
      const detail = (await (await request.get(`/api/admin/applications/${id}`, { headers })).json()) as { review_tasks?: { id: string; status: string }[] };
      taskId = detail.review_tasks?.find((t) => t.status === 'open')?.id ?? '';
      return taskId;
    })
    .not.toBe('');
  return taskId;
}

/** Waits for the case's open review, then decides it as the member of staff whose headers these are. */
export async function decide(request: APIRequestContext, headers: Record<string, string>, id: string, decision: 'approve' | 'reject'): Promise<void> {
  const taskId = await openReviewOf(request, headers, id);
  const res = await request.post(`/api/admin/applications/review-tasks/${taskId}/decision`, {
    headers,
    data: decision === 'approve' ? { decision } : { decision, comment: 'Documents do not match' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A transform tool, as the member of staff whose headers these are registers it (a draft): it joins first and last name. Answers its id. */
export async function nameJoinerTool(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<string> {
  const res = await request.post('/api/admin/tools', {
    headers,
    data: {
      name,
      description: 'Joins first and last name',
      tool_type: 'transform',
      config: { mapping: { full_name: 'input.first_name + " " + input.last_name' } },
      input_schema: { type: 'object', properties: { first_name: { type: 'string' }, last_name: { type: 'string' } }, required: ['first_name', 'last_name'] },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
