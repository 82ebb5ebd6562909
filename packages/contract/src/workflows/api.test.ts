import { describe, expect, it } from 'vitest';
import { createWorkflowTemplateSchema, saveWorkflowGraphSchema, versionParamsSchema, WORKFLOW_STATUSES, WORKFLOW_TRANSITIONS } from './api.ts';

describe('workflow API shapes', () => {
  it('takes a template from exactly one of a graph and a workflow', () => {
    const graph = { steps: [], connections: [] };
    const workflow_id = '11111111-1111-4111-8111-111111111111';
    expect(createWorkflowTemplateSchema.safeParse({ name: 'T', graph }).success).toBe(true);
    expect(createWorkflowTemplateSchema.safeParse({ name: 'T', workflow_id }).success).toBe(true);
    expect(createWorkflowTemplateSchema.safeParse({ name: 'T' }).success).toBe(false);
    expect(createWorkflowTemplateSchema.safeParse({ name: 'T', graph, workflow_id }).success).toBe(false);
  });

  it('fills a graph step’s config and position', () => {
    const parsed = saveWorkflowGraphSchema.parse({ graph: { steps: [{ id: 'a', type: 'start', name: 'Start' }], connections: [] } });
    expect(parsed.graph.steps[0]).toEqual({ id: 'a', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } });
  });

  it('reads a version number from a path', () => {
    expect(versionParamsSchema.safeParse({ id: '11111111-1111-4111-8111-111111111111', version: '12' }).success).toBe(true);
    for (const version of ['0', '01', '-1', '1.5', 'one', '1234567890']) {
      expect(versionParamsSchema.safeParse({ id: '11111111-1111-4111-8111-111111111111', version }).success, version).toBe(false);
    }
  });

  it('lets every status be left and reached', () => {
    for (const status of WORKFLOW_STATUSES) {
      expect(WORKFLOW_TRANSITIONS[status].length).toBeGreaterThan(0);
      expect(WORKFLOW_STATUSES.some((from) => WORKFLOW_TRANSITIONS[from].includes(status))).toBe(true);
    }
  });
});
