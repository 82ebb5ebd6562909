import { describe, expect, it } from 'vitest';
import { STEP_TYPES, describeStepType } from '@admin-portal/contract/workflows/step-types/registry';
import type { StepTypeDefinition } from '@admin-portal/contract/workflows/step-types/step-type';
import { autoLayout } from './auto-layout.ts';
import { fromDetail, stepTypeMap } from './graph-model.ts';

const types = stepTypeMap(STEP_TYPES.map((t) => describeStepType(t as unknown as StepTypeDefinition)));
const at = { x: 0, y: 0 };

describe('autoLayout', () => {
  it.each([
    ['in the order they were drawn', ['approved', 'rejected']],
    ['when the Rejected branch was drawn first', ['rejected', 'approved']],
  ])('puts the step an approval approves to above the one it rejects to, %s, so their connections do not cross', (_how, order) => {
    const ends = { approved: 'ok', rejected: 'no' } as Record<string, string>;
    const graph = fromDetail(
      {
        steps: [
          { id: 's', type: 'start', name: 'Start', config: {}, position: at },
          { id: 'a', type: 'approval', name: 'Approval', config: types.get('approval')!.defaults, position: at },
          { id: 'ok', type: 'end', name: 'Approved', config: { outcome: 'approved' }, position: at },
          { id: 'no', type: 'end', name: 'Rejected', config: { outcome: 'rejected' }, position: at },
        ],
        connections: [
          { id: 'c1', source: 's', target: 'a', condition: null, label: null },
          ...order.map((branch, i) => ({ id: `b${i}`, source: 'a', target: ends[branch]!, condition: branch, label: null })),
        ],
      },
      types,
    );
    const laid = new Map(autoLayout(graph).nodes.map((n) => [n.id, n.position]));
    expect(laid.get('ok')!.x).toBe(laid.get('no')!.x);
    expect(laid.get('ok')!.y).toBeLessThan(laid.get('no')!.y);
    expect(laid.get('s')!.x).toBeLessThan(laid.get('a')!.x);
    expect(laid.get('a')!.x).toBeLessThan(laid.get('ok')!.x);
  });
});
