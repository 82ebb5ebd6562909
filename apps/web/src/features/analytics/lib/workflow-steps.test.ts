import { describe, expect, it } from 'vitest';
import type { StepFigures } from '@admin-portal/contract/analytics/api';
import { formatDuration } from '../../../shared/lib/figures-format.ts';
import { funnelSteps, slowestPhrase, stepRows } from './workflow-steps.ts';

const step = (id: string, s: Partial<StepFigures>): StepFigures => ({
  step_id: id,
  name: null,
  type: 'form',
  in_current_version: true,
  depth: 0,
  entered: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  dropped: 0,
  drop_off_rate: null,
  time_p50_ms: null,
  time_p90_ms: null,
  time_mean_ms: null,
  open_now: 0,
  previous_entered: 0,
  previous_completed: 0,
  ...s,
});

const analytics = {
  steps: [
    step('review', { name: 'Review', type: 'approval', depth: 2, entered: 8, completed: 6, time_p90_ms: 172_800_000 }),
    step('start', { name: 'Received', type: 'start', depth: 0, entered: 10, completed: 10 }),
    step('docs', { type: 'form', depth: 1, entered: 10, completed: 8, time_p90_ms: 18_000_000 }),
    step('old', { name: 'Old check', type: 'tool', in_current_version: false, depth: null, entered: 2, completed: 2 }),
  ],
  slowest_step_ids: ['review', 'docs'],
};

describe('workflow steps', () => {
  it('orders the current graph’s steps from the start, former steps last, named by their kind when unnamed', () => {
    const rows = stepRows(analytics);
    expect(rows.map((r) => [r.step_id, r.label, r.typeLabel, r.slowest])).toEqual([
      ['start', 'Received', 'Start', false],
      ['docs', 'Form', 'Form', true],
      ['review', 'Review', 'Approval', true],
      ['old', 'Old check', 'Tool', false],
    ]);
  });

  it('draws the funnel over the current steps only, the slowest picked out', () => {
    expect(funnelSteps(stepRows(analytics))).toEqual([
      { id: 'start', label: 'Received', reached: 10, completed: 10, highlight: false },
      { id: 'docs', label: 'Form', reached: 10, completed: 8, highlight: true },
      { id: 'review', label: 'Review', reached: 8, completed: 6, highlight: true },
    ]);
  });

  it('names the slowest steps, slowest first', () => {
    expect(slowestPhrase(stepRows(analytics), formatDuration)).toBe('Review (p90 2 d), Form (p90 5 h)');
    expect(slowestPhrase([], formatDuration)).toBeNull();
  });
});
