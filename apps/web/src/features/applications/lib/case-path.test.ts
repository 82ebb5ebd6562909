import { describe, expect, it } from 'vitest';
import { stepVisits } from './case-path.ts';

const run = (step_id: string, entered_at: string, patch: Record<string, unknown> = {}) => ({
  id: `${step_id}-${entered_at}`,
  step_id,
  step_type: 'tool',
  step_name: step_id,
  status: 'completed' as const,
  attempts: 1,
  branch: null,
  output: null,
  error: null,
  entered_at,
  completed_at: null,
  duration_ms: 1000,
  ...patch,
});

describe('stepVisits', () => {
  it('adds up the runs of a step, counts an open run until now, and keeps the last branch and failure', () => {
    const now = Date.parse('2026-11-25T10:01:00Z');
    const visits = stepVisits(
      {
        steps: [
          run('check', '2026-11-25T10:00:00Z', { status: 'failed' }),
          run('check', '2026-11-25T10:00:10Z', { status: 'completed', duration_ms: 500, branch: 'yes' }),
          run('review', '2026-11-25T10:00:30Z', { status: 'waiting', duration_ms: null }),
        ],
      },
      now,
    );
    expect(visits.get('check')).toMatchObject({ ms: 1500, runs: 2, failed: false, branch: 'yes' });
    expect(visits.get('review')).toMatchObject({ ms: 30_000, runs: 1 });
  });
});
