import { describe, expect, it } from 'vitest';
import { activityCasePath, monitorCasePath, reviewCasePath } from './dashboard-links.ts';

const CASE = '06d0fe87-a4d4-4fea-bbaa-e71fe7df9d60';

describe('links into the Real-time Monitor', () => {
  it('opens a review in the review queue, filtered to overdue cases when it is overdue', () => {
    expect(reviewCasePath(CASE, true)).toBe(`/applications?view=queue&overdue=1&case=${CASE}`);
    expect(reviewCasePath(CASE, false)).toBe(`/applications?view=queue&case=${CASE}`);
  });

  it('opens a case from the activity in the live table', () => {
    expect(activityCasePath(CASE)).toBe(`/applications?case=${CASE}`);
  });

  it('adds the case to any filter', () => {
    expect(monitorCasePath(CASE, { status: 'failed' })).toBe(`/applications?status=failed&case=${CASE}`);
  });
});
